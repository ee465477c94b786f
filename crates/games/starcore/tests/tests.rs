//! The one integration-test binary of `gridwright-starcore`: properties of the public API over
//! random boards (adjacency, targeting boxes, links and networks), and the card data model.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod cards;
mod game;
mod golden;
mod properties;
