//! Stable 64-bit feature hashing: how a `(namespace, name)` pair becomes a coordinate.
//!
//! This scheme is part of the model format (`HASH_VERSION`): serving code in any language
//! must compute the same numbers to read our weights. It uses XXH3-64, which has
//! implementations everywhere:
//!
//! * namespace seed: `xxh3_64(namespace_utf8)`
//! * coordinate:     `xxh3_64_with_seed(name_utf8, namespace_seed)`
//! * cross of a, b:  `xxh3_64_with_seed(le_bytes(b), a)`  (order matters: a is the first namespace)
//! * class k of c:   `xxh3_64_with_seed(le_bytes(c), k)`  for k ≥ 1; class 0 is `c` itself
//! * Hedge member j of c: `xxh3_64_with_seed(le_bytes(c), MEMBER_SEED + j)` (models with
//!   `hedge`: each learning rate's learner has coordinates of its own)
//! * bias:           the coordinate of namespace `""`, name `"^bias"`

use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

/// Version of the hashing scheme above, stored with every model.
pub(crate) const HASH_VERSION: u32 = 1;

/// Seed shared by every feature of one namespace; compute it once per namespace.
#[inline(always)]
pub(crate) fn namespace_seed(namespace: &str) -> u64 {
    match namespace.as_bytes() {
        // One-letter namespaces (Vowpal Wabbit's habit) are looked up: hashing them was a
        // tenth of the parse thread's time.
        [byte] => SINGLE_BYTE_SEEDS[*byte as usize],
        bytes => xxh3_64(bytes),
    }
}

static SINGLE_BYTE_SEEDS: std::sync::LazyLock<[u64; 256]> =
    std::sync::LazyLock::new(|| std::array::from_fn(|byte| xxh3_64(&[byte as u8])));

/// Coordinate of feature `name` in the namespace whose seed is `seed`.
#[inline]
pub(crate) fn coordinate(seed: u64, name: &str) -> u64 {
    xxh3_64_with_seed(name.as_bytes(), seed)
}

/// Coordinate of `(namespace, name)`.
pub fn feature_coordinate(namespace: &str, name: &str) -> u64 {
    coordinate(namespace_seed(namespace), name)
}

/// Coordinate of the quadratic cross of two coordinates (first namespace first).
#[inline]
pub fn cross(first: u64, second: u64) -> u64 {
    xxh3_64_with_seed(&second.to_le_bytes(), first)
}

/// Coordinate that holds class `class`'s weight for feature `coordinate` (multiclass models).
#[inline]
pub(crate) fn class_coordinate(coordinate: u64, class: u32) -> u64 {
    if class == 0 {
        coordinate
    } else {
        xxh3_64_with_seed(&coordinate.to_le_bytes(), u64::from(class))
    }
}

/// Seeds of the Hedge members' coordinates start here, far from the class numbers.
pub(crate) const MEMBER_SEED: u64 = 0x4845_4447_4500_0000;

/// Coordinate that holds Hedge member `member`'s state for feature `coordinate`.
#[inline]
pub(crate) fn member_coordinate(coordinate: u64, member: u32) -> u64 {
    xxh3_64_with_seed(&coordinate.to_le_bytes(), MEMBER_SEED + u64::from(member))
}

/// The coordinate of the bias term, present in every example.
pub fn bias() -> u64 {
    feature_coordinate("", "^bias")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_pinned() {
        // These values are the model format: changing them breaks every stored model and
        // every serving client, so a change here must bump HASH_VERSION.
        assert_eq!(namespace_seed(""), 0x2d06800538d394c2);
        for byte in 0..=255u8 {
            if let Ok(text) = std::str::from_utf8(&[byte]) {
                assert_eq!(namespace_seed(text), xxh3_64(&[byte]), "the table is only a cache");
            }
        }
        assert_eq!(feature_coordinate("a", "x"), feature_coordinate("a", "x"));
        assert_ne!(feature_coordinate("a", "bx"), feature_coordinate("ab", "x"));
        assert_ne!(cross(1, 2), cross(2, 1));
        assert_eq!(class_coordinate(7, 0), 7);
        assert_ne!(class_coordinate(7, 1), class_coordinate(7, 2));
        assert_ne!(member_coordinate(7, 0), 7);
        assert_ne!(member_coordinate(7, 0), member_coordinate(7, 1));
    }
}
