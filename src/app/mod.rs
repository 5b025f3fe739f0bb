//! One file per subcommand: the glue between the parsed command line and the core. The only layer
//! that sees both clap's arguments and the core; each subcommand returns how it ended, and
//! [`exit::Ending::finish`] turns that into the exit status.

mod advisories;
mod audit;
pub mod exit;
mod history;
mod host_context;
mod list;
mod outdated;
mod probe;
mod run;
mod setup;

use crate::cli::{Cli, Command};
use crate::ui::{messages, stderr, stdout};
use exit::Ending;

/// Runs the command line's subcommand.
pub fn run(cli: Cli) -> Ending {
    stderr::set_quiet(cli.quiet);
    if let Err(error) = crate::sys::containment::check_choice() {
        return Ending::Usage(format!("{error:#}"));
    }
    let ended = match cli.command {
        Command::Probe(args) => probe::probe(&args),
        Command::Sweep(args) => probe::sweep(&args),
        Command::List(args) => list::list(&args),
        Command::Run(args) => run::run(&args),
        Command::Setup(args) => setup::setup(&args),
        Command::Outdated(args) => outdated::outdated(&args),
        Command::History(args) => history::history(&args),
        Command::Advisories(args) => advisories::advisories(&args),
        Command::Merge(args) => run::merge(&args),
        Command::Render(args) => run::render(&args),
        Command::Audit(args) => audit::audit(&args),
        Command::Completions(args) => {
            stdout::write(&crate::cli::docs::completions(args.shell)).map(|()| Ending::Done)
        }
        Command::Man(args) => man(&args),
    };
    ended.unwrap_or_else(Ending::from)
}

fn man(args: &crate::cli::ManArgs) -> anyhow::Result<Ending> {
    match &args.out {
        Some(dir) => {
            for path in crate::cli::docs::write_man_pages(dir)? {
                messages::info(format_args!("wrote {}", path.display()));
            }
        }
        None => stdout::write(&crate::cli::docs::man_page()?)?,
    }
    Ok(Ending::Done)
}
