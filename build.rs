//! Compiles `schemas/*.proto` with protox (a protobuf compiler in Rust), so building needs
//! no system `protoc`; and writes each message's field numbers as constants
//! (`field_numbers.rs`), for the encoders that write records by hand.

use std::fmt::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=schemas/ftrl.proto");
    let descriptors = protox::compile(["schemas/ftrl.proto"], ["schemas"])?;
    let mut numbers = String::new();
    for file in &descriptors.file {
        for message in &file.message_type {
            writeln!(numbers, "/// Field numbers of `{}.{}`.", file.package(), message.name())?;
            writeln!(numbers, "pub(crate) mod {} {{", snake_case(message.name()))?;
            for field in &message.field {
                writeln!(numbers, "    pub(crate) const {}: u32 = {};", field.name().to_uppercase(), field.number())?;
            }
            writeln!(numbers, "}}")?;
        }
    }
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out_dir.join("field_numbers.rs"), numbers)?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}

/// `ExampleGradients` → `example_gradients`.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
}
