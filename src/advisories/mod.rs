//! The published advisories about deep nesting (parsers/advisories/*.toml, OSV-shaped): the data
//! model and its checks ([`model`], [`load`]), the order of each ecosystem's versions
//! ([`ordering`]), which side of a fix a measured release is on ([`side`]), the verdict rules as
//! pure functions over results ([`verdict`]), and what results.json keeps of them ([`attach`]).

pub mod attach;
pub mod load;
pub mod model;
pub mod notes;
pub mod ordering;
pub mod pick;
pub mod side;
pub mod verdict;

pub use load::{advisories_dir, load};
pub use model::{Advisory, Affected, Range};
