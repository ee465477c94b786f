//! The one integration-test binary of `gridwright-starcore`: properties of the public API over
//! random boards (adjacency, targeting boxes, links and networks), and the card data model.

mod cards;
mod properties;
