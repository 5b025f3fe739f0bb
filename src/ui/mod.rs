//! Everything nestprobe prints: messages on stderr with the `nestprobe:` prefix (`messages`),
//! progress on a terminal (`progress`), both through the one writer of stderr lines (`stderr`), and
//! results on stdout (`stdout`); untrusted text made visible, not obeyed, on the way (`terminal`). Nothing else in the crate calls `println!` or
//! `eprintln!`.

pub mod messages;
pub mod progress;
pub mod stderr;
pub mod stdout;
pub mod terminal;
