//! Compiles `schemas/*.proto` with protox (a protobuf compiler in Rust), so building needs
//! no system `protoc`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=schemas/ftrl.proto");
    let descriptors = protox::compile(["schemas/ftrl.proto"], ["schemas"])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
