use std::process::ExitCode;

use clap::Parser;

use nestprobe::cli::Cli;
use nestprobe::interrupt::Interrupted;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(error) = nestprobe::interrupt::install_handler() {
        eprintln!("nestprobe: warning: cannot handle Ctrl-C: {error:#}");
    }
    match nestprobe::commands::run(cli) {
        Ok(code) => code,
        Err(error) if error.is::<Interrupted>() => {
            eprintln!("nestprobe: interrupted");
            ExitCode::from(nestprobe::commands::exit::INTERRUPTED)
        }
        Err(error) => {
            eprintln!("nestprobe: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
