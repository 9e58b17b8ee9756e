//! VW's `--audit` (`ftrl vw --audit`): for every example, on standard output, a line with
//! its prediction (and tag, as `-p` writes them), then a line of its features, each after a
//! tab, as `name:coordinate:value:weight`, followed by `@G` (the coordinate's sum of squared
//! gradients) under VW's adaptive rule, as VW prints them. The weights are those the example
//! was predicted with, before its update; features come in VW's order, the largest
//! |weight·value| first.
//!
//! Names are VW's: `namespace^feature`, crosses `a^x*b^y`, features of the default namespace
//! without a prefix, the bias `Constant`. The number after the name is this project's
//! 64-bit coordinate (what `--readable_model` and `--invert_hash` list), not VW's index into
//! its table of 2^b weights: features are hashed another way here. A feature repeated in an
//! example is one coordinate here, with its values summed, so it is listed once.

use crate::input::InputError;
use crate::learn::hashing::bias;
use crate::learn::{CoordinateStates, Feature, Optimizer};
use crate::store::{ModelStore, StoreError};
use std::collections::HashMap;
use std::io::{BufWriter, Stdout, Write};

/// VW's name of a coordinate this project names `name` (see the module).
pub(crate) fn vw_name(coordinate: u64, name: &str) -> String {
    if coordinate == bias() {
        return "Constant".into();
    }
    name.split('*').map(|part| part.strip_prefix('^').unwrap_or(part)).collect::<Vec<_>>().join("*")
}

/// Writes one prediction line as VW's `-p` does (and the audit before each example's
/// features): the prediction, then the tag if there is one.
pub(crate) fn write_prediction(out: &mut dyn Write, prediction: f64, tag: &str) -> Result<(), InputError> {
    if tag.is_empty() {
        writeln!(out, "{prediction}")?;
    } else {
        writeln!(out, "{prediction} {tag}")?;
    }
    Ok(())
}

/// Writes the audit lines; learns feature names as the reader hands them over.
pub(crate) struct Audit {
    names: HashMap<u64, String>,
    slots: Vec<u32>,
    /// The example's features, read before its update: (|weight·value|, the printed text).
    rows: Vec<(f64, String)>,
    out: BufWriter<Stdout>,
}

impl Audit {
    pub(crate) fn to_stdout() -> Self {
        Self { names: HashMap::new(), slots: Vec::new(), rows: Vec::new(), out: BufWriter::new(std::io::stdout()) }
    }

    /// Remembers names of coordinates the reader saw for the first time.
    pub(crate) fn learn_names(&mut self, names: &[(u64, String)]) {
        for (coordinate, name) in names {
            self.names.insert(*coordinate, vw_name(*coordinate, name));
        }
    }

    /// Reads the weights `features` are about to be predicted with.
    pub(crate) fn read(
        &mut self,
        store: &mut ModelStore,
        optimizer: &Optimizer,
        features: &[Feature],
    ) -> Result<(), StoreError> {
        let adaptive = optimizer.gd().is_some_and(|gd| gd.parts.adaptive);
        store.resolve(features, &mut self.slots)?;
        self.rows.clear();
        for (feature, slot) in features.iter().zip(&self.slots) {
            let state = store.state(*slot);
            let weight = optimizer.weight(state);
            let name = self.names.get(&feature.coordinate).map_or("?", String::as_str);
            let mut text = format!("{name}:{}:{}:{weight}", feature.coordinate, feature.value);
            if adaptive {
                text.push_str(&format!("@{}", state.n));
            }
            self.rows.push(((weight * feature.value).abs(), text));
        }
        // Stable: ties keep the example's order, as VW's do.
        self.rows.sort_by(|a, b| b.0.total_cmp(&a.0));
        Ok(())
    }

    /// Writes the example's lines: its prediction (`shown`, with its tag), then the features
    /// last [`read`](Self::read).
    pub(crate) fn write(&mut self, shown: f64, tag: &str) -> Result<(), InputError> {
        write_prediction(&mut self.out, shown, tag)?;
        for (_, text) in &self.rows {
            write!(self.out, "\t{text}")?;
        }
        writeln!(self.out)?;
        Ok(())
    }

    pub(crate) fn flush(&mut self) -> Result<(), InputError> {
        self.out.flush().map_err(InputError::Read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_vws() {
        assert_eq!(vw_name(bias(), "^bias"), "Constant");
        assert_eq!(vw_name(7, "^d1"), "d1");
        assert_eq!(vw_name(7, "a^x*^d1"), "a^x*d1");
        assert_eq!(vw_name(7, "a^x*b^y"), "a^x*b^y");
    }
}
