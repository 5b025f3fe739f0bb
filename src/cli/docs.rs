//! Shell completions and man pages, generated from the clap definitions in `cli` so they can never
//! drift from the real command line. Like `cli`, this module deals in clap types; nothing else does.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;

use crate::cli::Cli;
use crate::results::write_atomically;

const BIN: &str = "nestprobe";

/// The completion script for `shell`.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    script
}

/// The command with its subcommands' display names (`nestprobe-probe`) filled in, and no `help`
/// subcommand (a page for `help` says nothing `--help` does not).
fn command() -> clap::Command {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    command
}

/// One page for everything: the usual nestprobe(1), then each subcommand's synopsis and options as
/// a section of its own, so `nestprobe man | man -l -` documents every option without installing.
pub fn man_page() -> Result<Vec<u8>> {
    let command = command();
    let mut page = Vec::new();
    Man::new(command.clone()).render(&mut page)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let man = Man::new(sub.clone());
        let name = format!("{BIN} {}", sub.get_name());
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        if let Some(about) = sub.get_about() {
            writeln!(page, "{}", roff_text(&about.to_string()))?;
        }
        let mut sections = Vec::new();
        man.render_synopsis_section(&mut sections)?;
        man.render_options_section(&mut sections)?;
        // Each subcommand is one section; its own sections become subsections.
        for line in String::from_utf8(sections)?.lines() {
            match line.strip_prefix(".SH ") {
                Some(heading) => writeln!(page, ".SS {heading}")?,
                None => writeln!(page, "{line}")?,
            }
        }
    }
    Ok(page)
}

/// Text that cannot be read as a roff request: a leading `.` or `'` is escaped, and backslashes
/// doubled.
fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\\\");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

/// nestprobe.1 and nestprobe-<command>.1 for each subcommand, in `dir`; returns the paths written.
pub fn write_man_pages(dir: &Path) -> Result<Vec<std::path::PathBuf>> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let command = command();
    let mut written = Vec::new();
    let pages = std::iter::once(&command).chain(command.get_subcommands().filter(|s| !s.is_hide_set()));
    for cmd in pages {
        // The source column names the program, not the subcommand.
        let page = Man::new(cmd.clone()).source(format!("{BIN} {}", env!("CARGO_PKG_VERSION")));
        let mut text = Vec::new();
        page.render(&mut text)?;
        // Written as every output is (`results::output`): atomically, and only as a regular file.
        let path = dir.join(page.get_filename());
        write_atomically(&path, &String::from_utf8(text)?)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_for_bash_know_the_subcommands_and_options() {
        let script = String::from_utf8(completions(Shell::Bash)).unwrap();
        assert!(script.contains("probe"), "no probe subcommand in:\n{script}");
        assert!(script.contains("--stack"), "no --stack option");
        assert!(script.contains("--max-depth"));
        assert!(script.contains("completions"));
    }

    #[test]
    fn completions_exist_for_every_shell() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::Elvish, Shell::PowerShell] {
            let script = String::from_utf8(completions(shell)).unwrap();
            assert!(script.contains("nestprobe"), "{shell}");
            assert!(script.contains("max-depth"), "{shell} lacks --max-depth");
        }
    }

    #[test]
    fn man_page_has_a_title_and_the_probe_options() {
        let page = String::from_utf8(man_page().unwrap()).unwrap();
        assert!(page.contains("\n.TH nestprobe 1 "), "no .TH in:\n{page}");
        assert!(page.contains(".SH \"NESTPROBE PROBE\""));
        // roff writes `-` in option names as `\-`.
        for option in ["\\-\\-stack", "\\-\\-timeout", "\\-\\-max\\-depth", "\\-\\-hint", "\\-\\-repeat"] {
            assert!(page.contains(option), "{option} missing");
        }
        assert!(page.contains("Stack limit (RLIMIT_STACK)"));
        assert!(!page.contains("\n.SH SYNOPSIS\n.SS"), "subcommand headings not demoted");
    }

    #[test]
    fn man_pages_one_per_subcommand() {
        let dir = tempfile::tempdir().unwrap();
        let written = write_man_pages(dir.path()).unwrap();
        let names: Vec<String> =
            written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        for name in ["nestprobe.1", "nestprobe-probe.1", "nestprobe-run.1", "nestprobe-man.1"] {
            assert!(names.contains(&name.to_string()), "{name} not in {names:?}");
        }
        assert!(!names.iter().any(|n| n.contains("help")));
        let probe = fs::read_to_string(dir.path().join("nestprobe-probe.1")).unwrap();
        assert!(probe.contains(".TH nestprobe-probe 1  \"nestprobe "), "{probe}");
        assert!(probe.contains("\\-\\-stack"));
    }
}
