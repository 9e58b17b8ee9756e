//! STUB: replaced by the generator helper's file.
use crate::schema::Format;
use serde::Serialize;
use std::io::Write;

pub struct GenConfig {
    pub examples: u64,
    pub fields: usize,
    pub id_fields: usize,
    pub crosses: usize,
    pub max_cardinality: u64,
    pub zipf_exponent: f64,
    pub seed: u64,
    pub format: Format,
}
impl Default for GenConfig {
    fn default() -> Self {
        Self {
            examples: 100_000,
            fields: 20,
            id_fields: 0,
            crosses: 3,
            max_cardinality: 100_000,
            zipf_exponent: 1.1,
            seed: 1,
            format: Format::Vw,
        }
    }
}
#[derive(Serialize)]
pub struct GenSummary {
    pub examples: u64,
    pub positive_rate: f64,
    pub bayes_log_loss: f64,
    pub base_rate_log_loss: f64,
    pub crosses: Vec<String>,
}
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}
pub fn generate(config: &GenConfig, out: &mut dyn Write) -> Result<GenSummary, GenError> {
    for i in 0..config.examples {
        writeln!(out, "{} |a {} |b {}", if i % 3 == 0 { 1 } else { -1 }, i % 7, i % 3)?;
    }
    Ok(GenSummary {
        examples: config.examples,
        positive_rate: 0.33,
        bayes_log_loss: 0.0,
        base_rate_log_loss: 0.63,
        crosses: vec![],
    })
}
