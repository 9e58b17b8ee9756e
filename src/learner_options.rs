//! The learning settings, declared once: each field below is a flag of `ftrl train` and
//! `ftrl simulate` (clap) and a key of a worker configuration's `[model]` section (serde),
//! with its default, its help and, in [`LearnerOptions::settings`], its check. `ftrl vw`
//! starts from the same defaults. A setting's clap id is its configuration key, so a
//! [`SettingError`] can be shown in either spelling.

use crate::learn::admission::Admission;
use crate::learn::clip::PredictionRange;
use crate::learn::gd::GdParts;
use crate::learn::loss::LossKind;
use crate::learn::{Algorithm, Hedge, Hyperparameters, Optimizer, StepRule};
use crate::model::ModelSettings;
use crate::schema::example::{Cross, NamespaceFilter};
use clap::builder::PossibleValue;
use clap::{ArgAction, Args, FromArgMatches, ValueEnum};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The learning settings as a user gives them, before they are checked. Its defaults are
/// the flags' (what an empty command line gives), which a configuration file missing a
/// key gets too.
#[derive(Clone, Debug, PartialEq, Args, Serialize, Deserialize)]
#[serde(default)]
pub struct LearnerOptions {
    /// Loss function.
    #[arg(long, value_enum, default_value_t = LossKind::Logistic)]
    pub loss: LossKind,
    /// Number of classes (softmax only; labels are 1..=K).
    #[arg(long)]
    pub classes: Option<u32>,
    /// Per-coordinate update rule.
    #[arg(long = "algo", value_name = "ALGO", value_enum, default_value_t = Algorithm::FtrlProximal)]
    pub algorithm: Algorithm,
    /// Learning-rate scale α (rate = α / (β + √Σg²)) [default: 0.1; a quarter of it, 0.025,
    /// with the squared loss and a per-coordinate rule other than VW's].
    #[arg(long)]
    pub alpha: Option<f64>,
    /// Learning-rate smoothing β.
    #[arg(long, default_value_t = Hyperparameters::default().beta)]
    pub beta: f64,
    /// L1 regularization λ1.
    #[arg(long, default_value_t = Hyperparameters::default().l1)]
    pub l1: f64,
    /// L2 regularization λ2.
    #[arg(long, default_value_t = Hyperparameters::default().l2)]
    pub l2: f64,
    /// Keep every weight in [-R, R].
    #[arg(long, value_name = "R")]
    pub bound: Option<f64>,
    /// Clip every per-coordinate gradient to [-C, C].
    #[arg(long, value_name = "C")]
    pub clip_gradient: Option<f64>,
    /// Cross two namespaces by their first letters, like Vowpal Wabbit's -q (repeatable).
    #[arg(long = "cross", value_name = "AB", value_parser = cross)]
    pub crosses: Vec<String>,
    /// How the loss becomes the step: the plain gradient, the implicit (proximal) step,
    /// aProx's truncated step, or Passive-Aggressive (hinge loss only). Each coordinate
    /// still moves at its own rate; the others never overshoot the label.
    #[arg(id = "update", long = "update", value_name = "UPDATE", value_enum, default_value_t = StepRule::Gradient)]
    #[serde(rename = "update")]
    pub step_rule: StepRule,
    /// Learn with one learner per α in this list and predict with their Hedge mixture,
    /// weighted by each one's progressive loss (replaces --alpha), e.g. 0.01,0.03,0.1,0.3,1,3.
    #[arg(long, value_name = "A1,A2,...", value_delimiter = ',', num_args = 1..)]
    pub hedge: Vec<f64>,
    /// Learn a coordinate only from its N-th occurrence on (counted exactly, in its state,
    /// as a stream's owners do), keeping rare features' weights at 0.
    #[arg(long, value_name = "N", conflicts_with = "inclusion_probability")]
    pub min_count: Option<u32>,
    /// Start learning a coordinate not yet admitted at each occurrence with probability P
    /// (McMahan et al.'s Poisson inclusion; the coin is a hash of the coordinate).
    #[arg(long, value_name = "P")]
    pub inclusion_probability: Option<f64>,
    /// With --algo gd: the power of the rates' decay (VW's --power_t).
    #[arg(long, default_value_t = Hyperparameters::default().power_t)]
    pub power_t: f64,
    /// With --algo gd: examples of norm 1 counted before the first (VW's --initial_t).
    #[arg(long, default_value_t = Hyperparameters::default().initial_t)]
    pub initial_t: f64,
    /// With `algorithm = "gd"`: per-coordinate adaptive rates.
    #[arg(
        long = "no-adaptive",
        action = ArgAction::SetFalse,
        help = "With --algo gd: no per-coordinate adaptive rates (VW's rule without --adaptive)"
    )]
    pub adaptive: bool,
    /// With `algorithm = "gd"`: rates normalized by each feature's largest magnitude.
    #[arg(
        long = "no-normalized",
        action = ArgAction::SetFalse,
        help = "With --algo gd: no normalization by each feature's largest magnitude"
    )]
    pub normalized: bool,
    /// With `algorithm = "gd"`: importance-invariant steps.
    #[arg(
        long = "no-invariant",
        action = ArgAction::SetFalse,
        help = "With --algo gd: plain gradient steps instead of importance-invariant ones"
    )]
    pub invariant: bool,
    /// Clip predictions (margins of one-output losses) to at least this (VW's
    /// --min_prediction); alone, the most is 0 (50 for logistic).
    #[arg(long, value_name = "MIN", allow_negative_numbers = true)]
    pub min_prediction: Option<f64>,
    /// Clip predictions to at most this (VW's --max_prediction); alone, the least is 0
    /// (−50 for logistic).
    #[arg(long, value_name = "MAX", allow_negative_numbers = true)]
    pub max_prediction: Option<f64>,
    /// Clip predictions into the range of the labels seen so far, as Vowpal Wabbit does by
    /// default (without --min-prediction or --max-prediction).
    #[arg(long)]
    pub clip_to_labels: bool,
    /// Which namespaces' features examples keep: `ftrl train`'s --ignore and --keep, and
    /// VW's; examples on a topic keep every namespace.
    #[arg(skip)]
    #[serde(skip)]
    pub namespaces: NamespaceFilter,
    /// No bias coordinate: `ftrl train`'s --no-bias and VW's --noconstant; examples on a
    /// topic have one.
    #[arg(skip)]
    #[serde(skip)]
    pub no_bias: bool,
}

/// A cross for `--cross`: two namespaces' first letters.
fn cross(text: &str) -> Result<String, String> {
    text.parse::<Cross>().map(|cross| cross.to_string())
}

impl Default for LearnerOptions {
    fn default() -> Self {
        let command = Self::augment_args(clap::Command::new("defaults"));
        let matches = command.try_get_matches_from(["defaults"]).expect("every learning setting has a default");
        Self::from_arg_matches(&matches).expect("the defaults are learning settings")
    }
}

/// A learning setting that cannot work: which one, and why. It is named by its
/// configuration key in messages ([`key`](Self::key), `crosses[1]`) or by its flag
/// ([`flag`](Self::flag), `--cross`).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("{}: {reason}", self.key())]
pub struct SettingError {
    /// The setting's configuration key, which is also its clap id.
    pub setting: &'static str,
    /// Which item of a list setting.
    pub index: Option<usize>,
    pub reason: String,
}

impl SettingError {
    fn new(setting: &'static str, reason: String) -> Self {
        Self { setting, index: None, reason }
    }

    /// The setting as a configuration file names it: `alpha`, `update`, `crosses[1]`.
    pub fn key(&self) -> String {
        match self.index {
            Some(i) => format!("{}[{i}]", self.setting),
            None => self.setting.to_owned(),
        }
    }

    /// The setting as the command line names it: `--alpha`, `--algo`, `--cross`,
    /// `--no-adaptive`.
    pub fn flag(&self) -> String {
        let command = LearnerOptions::augment_args(clap::Command::new("flags"));
        let long = command.get_arguments().find(|arg| arg.get_id() == self.setting).and_then(clap::Arg::get_long);
        format!("--{}", long.unwrap_or(self.setting))
    }
}

impl LearnerOptions {
    /// The learning-rate scale α: the one given, or the default for the loss and the rule.
    ///
    /// The adaptive rules' rate α / (β + √Σg²) makes a step's size independent of the
    /// gradients' scale, not of the loss's curvature: one step moves a prediction by about
    /// α·h times the curvature, h the example's rate-weighted squared norm. The squared
    /// loss's curvature is 1, four times the logistic loss's largest (¼), so with the same α
    /// it takes four times the step. That overshoots alone (on three click logs the best α
    /// for the squared loss was a quarter of the logistic loss's, learning 1.3–7.5% better
    /// than with it), and several workers, each correcting the same error before they see
    /// each other's steps, overshoot it into divergence (16 and 32 simulated workers:
    /// docs/benchmarks.md, "the squared loss's default α"). VW's rule (`gd`) takes
    /// invariant, normalized steps that account for the curvature itself, as VW does.
    pub fn alpha(&self) -> f64 {
        let base = Hyperparameters::default().alpha;
        match self.alpha {
            Some(alpha) => alpha,
            None if self.loss == LossKind::Squared && self.algorithm != Algorithm::Gd => base / 4.0,
            None => base,
        }
    }

    /// The model settings these options describe, or every setting that cannot work (in
    /// the order of the fields).
    pub fn settings(&self) -> Result<ModelSettings, Vec<SettingError>> {
        let mut problems = Vec::new();
        let mut bad = |setting: &'static str, reason: String| problems.push(SettingError::new(setting, reason));
        let loss = match self.loss.with_classes(self.classes) {
            Ok(loss) => Some(loss),
            Err(e) => {
                bad(if self.classes.is_some() { "classes" } else { "loss" }, e.to_string());
                None
            }
        };
        let hyperparameters = Hyperparameters {
            alpha: self.alpha(),
            beta: self.beta,
            l1: self.l1,
            l2: self.l2,
            bound: self.bound,
            clip_gradient: self.clip_gradient,
            power_t: self.power_t,
            initial_t: self.initial_t,
            gd: GdParts { adaptive: self.adaptive, normalized: self.normalized, invariant: self.invariant },
        };
        for (setting, reason) in hyperparameters.problems() {
            bad(setting, reason);
        }
        if self.algorithm == Algorithm::Gd {
            // What VW's rule does not implement here, by the setting that asks for it.
            let unsupported = [
                (
                    "l1",
                    self.l1 != 0.0,
                    "VW's default learner regularizes by truncation, not implemented: use --algo ftrl-proximal",
                ),
                (
                    "l2",
                    self.l2 != 0.0,
                    "VW's default learner regularizes by truncation, not implemented: use --algo ftrl-proximal",
                ),
                ("bound", self.bound.is_some(), "not with VW's default learner"),
                ("clip_gradient", self.clip_gradient.is_some(), "not with VW's default learner"),
                (
                    "update",
                    !self.step_rule.is_gradient(),
                    "VW's default learner takes its own invariant steps (see invariant)",
                ),
                ("hedge", !self.hedge.is_empty(), "not with VW's default learner"),
                ("min_count", self.min_count.is_some(), "not with VW's default learner"),
                ("inclusion_probability", self.inclusion_probability.is_some(), "not with VW's default learner"),
                ("loss", self.loss == LossKind::Softmax, "VW's default learner has one output"),
            ];
            for (setting, asked, reason) in unsupported {
                if asked {
                    bad(setting, reason.into());
                }
            }
        }
        let prediction_range =
            PredictionRange::from_options(self.loss, self.min_prediction, self.max_prediction, self.clip_to_labels);
        if let Some(range) = prediction_range {
            if !(range.min.is_finite() && range.max.is_finite() && range.min <= range.max) {
                bad(
                    "min_prediction",
                    format!("must be finite and at most max_prediction, got [{}, {}]", range.min, range.max),
                );
            } else if self.loss == LossKind::Softmax {
                bad("min_prediction", "softmax predicts a class, which is not clipped".into());
            }
        }
        // Which steps and mixtures work depends on the loss; an unknown one was reported above.
        if let Some(loss) = loss {
            if let Err(e) = self.step_rule.check_loss(loss) {
                bad("update", e.to_string());
            }
            if !self.hedge.is_empty() {
                if let Err(e) = Hedge::check(&self.hedge, loss) {
                    bad("hedge", e.to_string());
                }
            }
        }
        let admission = Admission::from_options(self.min_count, self.inclusion_probability);
        if self.min_count.is_some() && self.inclusion_probability.is_some() {
            bad("min_count", "set min_count or inclusion_probability, not both".into());
        } else if let Err(e) = admission.check() {
            bad(if self.min_count.is_some() { "min_count" } else { "inclusion_probability" }, e.to_string());
        }
        let mut crosses = Vec::with_capacity(self.crosses.len());
        for (i, cross) in self.crosses.iter().enumerate() {
            match cross.parse::<Cross>() {
                Ok(cross) => crosses.push(cross),
                Err(reason) => problems.push(SettingError { setting: "crosses", index: Some(i), reason }),
            }
        }
        match loss {
            Some(loss) if problems.is_empty() => {
                let optimizer = Optimizer { algorithm: self.algorithm, hyperparameters };
                let mut settings = ModelSettings::new(optimizer, loss, &crosses);
                settings.step_rule = self.step_rule;
                settings.hedge = self.hedge.clone();
                settings.admission = admission;
                settings.prediction_range = prediction_range;
                settings.namespaces = self.namespaces.clone();
                settings.no_bias = self.no_bias;
                Ok(settings)
            }
            _ => Err(problems),
        }
    }
}

// The learning enums live in `learn`, which knows nothing of the command line; their flag
// spellings are their serde names, and the help of each value is written here.

impl ValueEnum for LossKind {
    fn value_variants<'a>() -> &'a [Self] {
        &[LossKind::Logistic, LossKind::Squared, LossKind::Hinge, LossKind::Softmax]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            LossKind::Logistic => "logistic",
            LossKind::Squared => "squared",
            LossKind::Hinge => "hinge",
            LossKind::Softmax => "softmax",
        }))
    }
}

impl ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        &[Algorithm::FtrlProximal, Algorithm::Rda, Algorithm::Adagrad, Algorithm::Gd]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Algorithm::FtrlProximal => PossibleValue::new("ftrl-proximal").help("FTRL-Proximal (McMahan et al. 2013)"),
            Algorithm::Rda => {
                PossibleValue::new("rda").help("ℓ1-RDA with AdaGrad rates (Xiao 2010, Duchi et al. 2011)")
            }
            Algorithm::Adagrad => PossibleValue::new("adagrad").help("Online gradient descent with AdaGrad rates"),
            Algorithm::Gd => PossibleValue::new("gd").help(
                "Vowpal Wabbit's default: adaptive, normalized, importance-invariant gradient descent (α is VW's -l)",
            ),
        })
    }
}

impl ValueEnum for StepRule {
    fn value_variants<'a>() -> &'a [Self] {
        &[StepRule::Gradient, StepRule::Implicit, StepRule::Aprox, StepRule::Pa]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            StepRule::Gradient => "The loss derivative at the predicted margin (plain online gradient / FTRL)",
            StepRule::Implicit => "The proximal (implicit) step of the loss itself",
            StepRule::Aprox => "aProx's truncated step: stop where the linearized loss reaches 0",
            StepRule::Pa => "Passive-Aggressive (PA-I); hinge loss only",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults are the settings models have always had, and every bad setting is named
    /// by its configuration key.
    #[test]
    fn learner_options_name_every_bad_setting() {
        assert_eq!(LearnerOptions::default().settings().unwrap(), ModelSettings::default());
        let bad = LearnerOptions {
            alpha: Some(0.0),
            l2: -1.0,
            step_rule: StepRule::Pa,
            crosses: vec!["ab".into(), "abc".into()],
            min_count: Some(2),
            inclusion_probability: Some(0.5),
            ..LearnerOptions::default()
        };
        let named: Vec<String> = bad.settings().unwrap_err().into_iter().map(|e| e.key()).collect();
        assert_eq!(named, ["alpha", "l2", "update", "min_count", "crosses[1]"]);
        let softmax = LearnerOptions { loss: LossKind::Softmax, classes: Some(1), ..LearnerOptions::default() };
        assert_eq!(softmax.settings().unwrap_err()[0].setting, "classes");
    }

    #[test]
    fn a_setting_error_is_named_by_its_key_or_its_flag() {
        let named = |setting, index| {
            let error = SettingError { setting, index, reason: "why".into() };
            (error.key(), error.flag(), error.to_string())
        };
        assert_eq!(named("alpha", None), ("alpha".into(), "--alpha".into(), "alpha: why".into()));
        assert_eq!(named("algorithm", None), ("algorithm".into(), "--algo".into(), "algorithm: why".into()));
        assert_eq!(named("crosses", Some(1)), ("crosses[1]".into(), "--cross".into(), "crosses[1]: why".into()));
        assert_eq!(named("update", None).1, "--update");
        assert_eq!(named("clip_gradient", None).1, "--clip-gradient");
        assert_eq!(named("adaptive", None).1, "--no-adaptive");
    }

    /// Every configuration key is the clap id of a flag, so errors name the flag.
    #[test]
    fn every_key_has_a_flag() {
        let serde_json::Value::Object(keys) = serde_json::to_value(LearnerOptions::default()).unwrap() else {
            panic!("not a table")
        };
        let command = LearnerOptions::augment_args(clap::Command::new("flags"));
        for key in keys.keys() {
            let arg = command.get_arguments().find(|arg| arg.get_id() == key.as_str());
            assert!(arg.is_some_and(|arg| arg.get_long().is_some()), "{key} has no flag");
        }
        assert_eq!(keys.len(), command.get_arguments().count(), "a flag without a configuration key");
    }

    /// The defaults are the learner's: an empty command line, and a configuration without
    /// learning keys, give the same.
    #[test]
    fn defaults_are_the_learners() {
        let options = LearnerOptions::default();
        let hp = Hyperparameters::default();
        assert_eq!((options.alpha(), options.beta, options.power_t), (hp.alpha, hp.beta, hp.power_t));
        assert!(options.adaptive && options.normalized && options.invariant && !options.clip_to_labels);
        let from_empty: LearnerOptions = serde_json::from_str("{}").unwrap();
        assert_eq!(from_empty, options);
    }

    /// α's default is the log loss's (0.1) but for the squared loss with an adaptive
    /// per-coordinate rule, a quarter of it; a given α is taken as it is.
    #[test]
    fn alpha_defaults_to_a_quarter_for_the_squared_loss_unless_given_or_with_vws_rule() {
        let with = |loss, algorithm, alpha| LearnerOptions { loss, algorithm, alpha, ..LearnerOptions::default() };
        let base = Hyperparameters::default().alpha;
        assert_eq!(with(LossKind::Logistic, Algorithm::FtrlProximal, None).alpha(), base);
        assert_eq!(with(LossKind::Hinge, Algorithm::FtrlProximal, None).alpha(), base);
        for algorithm in [Algorithm::FtrlProximal, Algorithm::Rda, Algorithm::Adagrad] {
            assert_eq!(with(LossKind::Squared, algorithm, None).alpha(), base / 4.0, "{algorithm:?}");
        }
        assert_eq!(with(LossKind::Squared, Algorithm::Gd, None).alpha(), base);
        assert_eq!(with(LossKind::Squared, Algorithm::FtrlProximal, Some(0.1)).alpha(), 0.1);
        let settings = with(LossKind::Squared, Algorithm::FtrlProximal, None).settings().unwrap();
        assert_eq!(settings.optimizer.hyperparameters.alpha, 0.025);
    }

    /// A value means the same on the command line as in a configuration file.
    #[test]
    fn flag_values_are_the_serde_names() {
        fn check<T: ValueEnum + serde::Serialize>() {
            for value in T::value_variants() {
                let name = value.to_possible_value().unwrap().get_name().to_owned();
                assert_eq!(serde_json::to_string(value).unwrap(), format!("\"{name}\""));
            }
        }
        check::<LossKind>();
        check::<Algorithm>();
        check::<StepRule>();
    }
}
