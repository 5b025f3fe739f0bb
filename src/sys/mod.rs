//! The operating system underneath a probe: starting and supervising child processes, their
//! limits, environment and root, memory sampling, interruption, and facts about the host.

pub mod child_env;
pub mod containment;
pub mod debugger;
pub mod http;
pub mod interrupt;
pub mod launcher;
pub mod memory;
pub mod monitor;
pub mod process;
pub mod queue_wait;
pub mod reaper;
pub mod server;
pub mod supervised;
pub mod task;
pub mod trial;
