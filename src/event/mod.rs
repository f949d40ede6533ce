//! An event: Swiss pairings (issue 39).

pub mod pairing;
