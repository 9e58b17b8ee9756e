//! Raw click events, as a product's event pipeline would have them, for the mapping of
//! `docs/clicks-mapping.toml`; and the same events converted by hand into the JSON-lines
//! example shape, field by field, without the mapping code.

use serde_json::{json, Value};

/// A small deterministic generator (SplitMix64), so the events need no data file.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `n` click events, one JSON object per line: nested objects, booleans, arrays, numbers,
/// nulls and missing fields, and about 6% bad ones (no label, a string label, a number in
/// the tags). Clicks depend on the country, the campaign, the price and the hour.
pub fn click_events(n: usize, seed: u64) -> Vec<String> {
    let mut d = Draws(seed);
    let countries = ["FR", "DE", "US", "JP", "BR"];
    let segments = ["sports", "travel", "news", "games"];
    (0..n)
        .map(|i| {
            let country = countries[d.below(5) as usize];
            let campaign = d.below(30);
            let price = (d.unit() * 8.0 * 1000.0).round() / 1000.0;
            let hour = d.below(24);
            let logit = match country {
                "FR" => 0.5,
                "JP" => -0.7,
                _ => 0.0,
            } + if campaign < 5 { 1.0 } else { -0.3 }
                - 0.3 * price
                + if (9..18).contains(&hour) { 0.4 } else { -0.2 };
            let clicked = d.unit() < 1.0 / (1.0 + (-logit).exp());
            let mut event = json!({
                "event_id": format!("e-{i}"),
                "ts": 1_700_000_000u64 + i as u64,
                "outcome": {"clicked": clicked},
                "user": {"id": d.below(100_000), "country": country},
                "ad": {"campaign": format!("c{campaign}"), "format": if d.chance(50) { "banner" } else { "video" }},
                "price": price,
                "position": d.below(6),
                "mobile": d.chance(60),
                "context": {"hour": hour, "site": format!("s{}", d.below(12)), "referrer": null},
            });
            if d.chance(70) {
                let picked: Vec<&str> = segments.iter().copied().filter(|_| d.chance(40)).collect();
                event["user"]["segments"] = json!(picked);
            }
            if d.chance(50) {
                event["tags"] = json!([format!("t{}", d.below(8))]);
            }
            if d.chance(20) {
                event["importance"] = json!(1 + d.below(3));
            }
            if d.chance(10) {
                event["context"]["referrer"] = json!("search");
            }
            match d.below(100) {
                0..=2 => {
                    event["outcome"].as_object_mut().unwrap().remove("clicked");
                }
                3..=4 => event["outcome"]["clicked"] = json!("yes"),
                5 => event["tags"] = json!(["t1", 7]),
                _ => {}
            }
            event.to_string()
        })
        .collect()
}

/// The JSON-lines example of an event, written out by hand for `docs/clicks-mapping.toml`;
/// `None` for an event the mapping must refuse.
pub fn by_hand(line: &str) -> Option<String> {
    let event: Value = serde_json::from_str(line).unwrap();
    let label = match event["outcome"]["clicked"] {
        Value::Bool(true) => 1,
        Value::Bool(false) => 0,
        _ => return None,
    };
    let mut features: Vec<Value> = Vec::new();
    features.push(json!(format!("country:{}", event["user"]["country"].as_str().unwrap())));
    if let Some(segments) = event["user"]["segments"].as_array() {
        for s in segments {
            features.push(json!(format!("segments:{}", s.as_str().unwrap())));
        }
    }
    features.push(json!(format!("ad:campaign={}", event["ad"]["campaign"].as_str().unwrap())));
    features.push(json!(format!("ad:format={}", event["ad"]["format"].as_str().unwrap())));
    let price = event["price"].as_f64().unwrap();
    let bucket = match price {
        p if p < 0.1 => "<0.1",
        p if p < 0.5 => "0.1..0.5",
        p if p < 1.0 => "0.5..1",
        p if p < 5.0 => "1..5",
        _ => ">=5",
    };
    features.push(json!(format!("price:{bucket}")));
    let position = event["position"].as_f64().unwrap();
    features.push(json!({"ns": "position", "name": "position", "value": position}));
    if let Some(tags) = event.get("tags") {
        for tag in tags.as_array().unwrap() {
            features.push(json!(format!("tags:{}", tag.as_str()?)));
        }
    }
    if event["mobile"] == Value::Bool(true) {
        features.push(json!("mobile:mobile"));
    }
    features.push(json!({"ns": "ctx", "name": "hour", "value": event["context"]["hour"].as_f64().unwrap()}));
    features.push(json!(format!("ctx:site={}", event["context"]["site"].as_str().unwrap())));
    if let Some(referrer) = event["context"]["referrer"].as_str() {
        features.push(json!(format!("ctx:referrer={referrer}")));
    }
    let mut example = json!({"label": label, "features": features});
    if let Some(weight) = event.get("importance") {
        example["weight"] = weight.clone();
    }
    Some(example.to_string())
}
