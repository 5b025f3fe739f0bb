use std::process::ExitCode;

use clap::Parser;

use nestprobe::app::exit::Ending;
use nestprobe::cli::Cli;
use nestprobe::ui::messages;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return nestprobe::cli::usage_error(error).map_or(Ending::Done, Ending::Usage).finish(),
    };
    if let Err(error) = nestprobe::sys::interrupt::install_handler() {
        messages::warn(format_args!("cannot handle Ctrl-C: {error:#}"));
    }
    nestprobe::app::run(cli).finish()
}
