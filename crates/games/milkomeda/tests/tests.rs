//! The one integration-test binary: property tests over the public rules API.

mod combat;
mod scoring;
