//! `probe` and `sweep`: one parser program, from the command line.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::exit::Ending;
use super::host_context::{warn_if_aslr_stays_on, workflow_ref};
use crate::cli::options::{ProbeCommand, ProbeRequest, ServeRequest};
use crate::cli::{Format, ProbeCommandArgs, SweepArgs};
use crate::probe::transport::client::{ClientSpec, ClientTransport};
use crate::probe::transport::service::{ServiceSpec, ServiceTransport};
use crate::probe::{probe as probe_program, sweep::sweep as sweep_program, ProbeSpec};
use crate::report::exports;
use crate::report::exports::{badges, summary};
use crate::report::terminal::text;
use crate::results::probe_result::{ProbeResult, ProbeStatus};
use crate::results::{output, write_atomically, Versioned};
use crate::sys::child_env::{find_program, ChildEnv, Stage, FIXED_PATH};
use crate::sys::containment;
use crate::sys::launcher::Launcher;
use crate::sys::trial::TrialConfig;
use crate::ui::progress::ProbeProgress;
use crate::ui::stdout;
use std::sync::Arc;

use crate::units::Limit;

pub fn probe(args: &ProbeCommandArgs) -> Result<Ending> {
    let command = match args.command(workflow_ref().as_deref()) {
        Ok(command) => command,
        Err(usage) => return Ok(usage.into()),
    };
    let request = &command.request;
    let spec = stage(request)?;
    // Refused before the probe, not after it: an output that is not a regular file.
    for path in command.badge.iter().chain(&command.summary) {
        output::write_target(path)?;
    }
    warn_if_aslr_stays_on(!request.trial.aslr);
    if !command.stacks.is_empty() {
        return at_stacks(&command, &spec);
    }
    let mut progress = ProbeProgress::new(request.verbose);
    let probed = probe_program(&spec, &mut progress);
    drop(progress);
    let mut result = match probed {
        Ok(result) => result,
        Err(error) => return no_result(&command, &spec, error),
    };
    crate::probe::locate_crash(&spec, &mut result);
    let contained = match result.service.as_ref().is_none_or(|service| service.started) {
        true => Versioned::contained(&result, containment::current()),
        // Nothing of a running service ran under nestprobe's containment.
        false => Versioned::new(&result),
    };
    match request.format {
        Format::Json => stdout::json(&contained)?,
        Format::Text => stdout::text(&text::probe(&result))?,
    }
    let violations = command.expectations.violations(&result);
    if let Some(path) = &command.badge {
        let label = badge_label(&command, result.payload_format.name());
        write_atomically(path, &badges::probe_badge(&label, Some(&result), !violations.is_empty())?)?;
    }
    if let Some(path) = &command.summary {
        summary::write(path, &summary::probe(&result, &command.expectations, &violations))?;
    }
    command.exports.write(&[exports::probe_case(&result, &environment(request))])?;
    Ok(Ending::of_measurement(violations, reliable([&result])))
}

/// `probe --stacks`: the probe at each stack, a line each with what uses that stack, and why the
/// parser stops where it does; the expectations hold at every stack.
fn at_stacks(command: &ProbeCommand, spec: &ProbeSpec) -> Result<Ending> {
    let mut progress = ProbeProgress::new(command.request.verbose);
    let swept = sweep_program(spec, &command.stacks, &mut progress);
    drop(progress);
    let result = swept?;
    match command.request.format {
        Format::Json => stdout::json(&Versioned::contained(&result, containment::current()))?,
        Format::Text => stdout::text(&text::sweep(&result))?,
    }
    let violations: Vec<String> = result
        .probes
        .iter()
        .flat_map(|probe| {
            let stack = probe.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
            command.expectations.violations(probe).into_iter().map(move |v| format!("stack {stack}: {v}"))
        })
        .collect();
    let environment = environment(&command.request);
    let cases: Vec<_> = result.probes.iter().map(|probe| exports::probe_case(probe, &environment)).collect();
    command.exports.write(&cases)?;
    Ok(Ending::of_measurement(violations, reliable(&result.probes)))
}

/// No result: the files asked for say so rather than keeping an old one, and `--format json` still
/// prints one object.
fn no_result(command: &ProbeCommand, spec: &ProbeSpec, error: anyhow::Error) -> Result<Ending> {
    let ending = Ending::from(error);
    let Ending::Failed(error) = &ending else { return Ok(ending) };
    let why = format!("{error:#}");
    command.exports.write(&[exports::unprobed_case(
        &spec.command,
        spec.format,
        &environment(&command.request),
        why,
    )])?;
    if let Some(path) = &command.badge {
        let label = badge_label(command, spec.format.name());
        write_atomically(path, &badges::probe_badge(&label, None, false)?)?;
    }
    if let Some(path) = &command.summary {
        summary::write(path, &summary::unmeasured(&spec.command, &format!("{error:#}")))?;
    }
    if command.request.format == Format::Json {
        stdout::json(&Versioned::new(
            &serde_json::json!({ "command": spec.command, "error": format!("{error:#}") }),
        ))?;
    }
    Ok(ending)
}

/// Where the probe ran, as the exports name it: the host, or the root it entered.
fn environment(request: &ProbeRequest) -> String {
    exports::probe_environment(request.root.as_deref().map(crate::catalog::absolute).as_deref())
}

fn badge_label(command: &ProbeCommand, format: &str) -> String {
    command.badge_label.clone().unwrap_or_else(|| format!("nested {format}"))
}

pub fn sweep(args: &SweepArgs) -> Result<Ending> {
    let command = match args.command() {
        Ok(command) => command,
        Err(usage) => return Ok(usage.into()),
    };
    let request = &command.request;
    let spec = stage(request)?;
    warn_if_aslr_stays_on(!request.trial.aslr);
    let mut progress = ProbeProgress::new(request.verbose);
    let swept = sweep_program(&spec, &command.stacks, &mut progress);
    drop(progress);
    let result = swept?;
    match request.format {
        Format::Json => stdout::json(&Versioned::contained(&result, containment::current()))?,
        Format::Text => stdout::text(&text::sweep(&result))?,
    }
    Ok(Ending::of_measurement(Vec::new(), reliable(&result.probes)))
}

/// Whether every probe has an answer: an exact boundary, no limit, or slow.
fn reliable<'a>(results: impl IntoIterator<Item = &'a ProbeResult>) -> bool {
    results.into_iter().all(|r| matches!(r.status, ProbeStatus::Exact | ProbeStatus::Slow))
}

/// The probe the request asks for, its program staged: the children's home made, the program
/// found, and run through fixed-length links (or inside its root). A folder that cannot be made or
/// a program found nowhere is a failure, not a usage error.
fn stage(request: &ProbeRequest) -> Result<ProbeSpec> {
    let stage = Stage::for_key(Path::new("probe"))?;
    let home = stage.dir("home")?;
    let options = &request.trial;
    // Trials at once share the resident-memory budget as a run's parsers do.
    let jobs = request.jobs.unwrap_or_else(crate::host::cpus);
    let mut trial =
        options.trial_config(request.command.clone(), ChildEnv::fixed(&home), options.max_rss.resolve(jobs));
    // Results show the command as given, and the file that ran; the child runs it through
    // fixed-length links (paths inside an environment's root are the root's own, and stay as
    // they are).
    let command_line = trial.command_line();
    let program = if request.command.is_empty() { None } else { program(request)? };
    match &request.root {
        Some(root) => trial.launcher = Launcher::jail(&crate::catalog::absolute(root), &[])?,
        None => {
            if let Some(found) = &program {
                trial.argv[0] = found.clone().into_os_string();
            }
            if !trial.argv.is_empty() {
                trial.argv = stage.fixed_length_argv(&trial.argv)?;
            }
        }
    }
    let mut spec = ProbeSpec::new(trial, command_line, request.payload, request.shape, options.max_depth);
    spec.program = program.map(|path| path.to_string_lossy().into_owned());
    spec.error_status = request.error_status.clone();
    spec.hint = request.hint;
    spec.repeat = request.repeat;
    spec.jobs = jobs;
    // Any command: its exit statuses are its own until declared.
    spec.keeps_protocol = false;
    match &request.serve {
        Some(serve @ ServeRequest { client: Some(client), .. }) => {
            spec.client = Some(Arc::new(client_transport(serve, client, &spec)?));
        }
        Some(serve) => {
            spec.service = Some(Arc::new(service(serve, &spec)?));
            if request.command.is_empty() {
                // A running service is named by where it is asked; no limit of a child is its.
                spec.command = vec![serve.url.text.clone()];
                spec.trial.max_rss = None;
                spec.trial.memory = None;
                spec.trial.disable_aslr = false;
            }
        }
        None => {}
    }
    Ok(match request.phase {
        Some(phase) => spec.with_phase(phase),
        None => spec,
    })
}

/// The service a `--serve` probe asks: the staged command is its server, if there is one.
fn service(serve: &ServeRequest, spec: &ProbeSpec) -> Result<ServiceTransport> {
    let server = (!spec.trial.argv.is_empty()).then(|| spec.trial.clone());
    let service = ServiceSpec {
        server,
        url: serve.url.clone(),
        path: serve.url.path.clone(),
        echo: None,
        method: serve.method.clone(),
        content_type: serve.content_type.clone(),
        body: serve.body.clone(),
        query_param: serve.query_param.clone(),
        ready: serve.ready.clone(),
        start_timeout: serve.start_timeout,
        state: serve.state,
        stack: None,
    };
    ServiceTransport::new(service, spec.format)
}

/// The client transport a `--client` probe runs: the staged command is its server.
fn client_transport(serve: &ServeRequest, client: &[String], spec: &ProbeSpec) -> Result<ClientTransport> {
    let client = TrialConfig { argv: client.iter().map(OsString::from).collect(), ..spec.trial.clone() };
    let format = spec.format;
    if spec.trial.argv.is_empty() {
        bail!("--client needs the server's command after `--`");
    }
    let client_spec = ClientSpec {
        server: spec.trial.clone(),
        client,
        error_status: serve.client_error_status.clone(),
        wrong_status: serve.client_wrong_status.clone(),
        start_timeout: serve.start_timeout,
        state: serve.state,
    };
    ClientTransport::new(client_spec, format)
}

/// The file the command runs, when it names its program by a bare name: found on the caller's
/// PATH (what `python3` means in their shell: a virtualenv's, pyenv's), or inside `--root` on the
/// fixed PATH there (named by its path inside the root). A name found nowhere is an error.
fn program(request: &ProbeRequest) -> Result<Option<PathBuf>> {
    let name = &request.command[0];
    if name.as_encoded_bytes().contains(&b'/') {
        return Ok(None);
    }
    let root = request.root.as_deref().map(crate::catalog::absolute);
    let (search_path, where_) = match &root {
        Some(root) => (OsString::from(FIXED_PATH), format!("on the fixed PATH inside {}", root.display())),
        None => (std::env::var_os("PATH").unwrap_or_default(), "on PATH".to_string()),
    };
    match find_program(name, &search_path, root.as_deref()) {
        Some(found) => Ok(Some(found)),
        None => bail!("cannot find the program `{}` {where_}", name.to_string_lossy()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use crate::payload::{PayloadFormat, Shape};
    use crate::sys::memory::RssCap;
    use crate::units::Limit;
    use clap::Parser;
    use std::time::Duration;

    fn staged(args: &[&str]) -> ProbeSpec {
        let cli = Cli::try_parse_from([&["nestprobe", "probe"], args].concat()).unwrap();
        let Command::Probe(args) = cli.command else { panic!("not probe") };
        stage(&args.probe.request().unwrap()).unwrap()
    }

    #[test]
    fn probe_defaults_match_the_documentation() {
        let spec = staged(&["--", "python3", "p.py"]);
        assert_eq!(spec.trial.stack, Limit::Bytes(8 * 1024 * 1024));
        assert_eq!(spec.trial.timeout, Duration::from_secs(10));
        assert_eq!(spec.max_depth, 5_000_000);
        assert_eq!(spec.format, PayloadFormat::JSON);
        assert_eq!(spec.shape, Shape::Array);
        assert!(spec.trial.disable_aslr);
        assert_eq!(spec.trial.memory, None);
        // Trials run as many at once as there are CPUs, and the resident cap is on by default: the
        // auto rule for that many children at a time.
        assert_eq!(spec.jobs, crate::host::cpus());
        assert_eq!(spec.trial.max_rss, RssCap::Auto.resolve(crate::host::cpus()));
        assert!(spec.trial.max_rss.is_some());
        // The command as given; the file that runs is the caller's python3, reached by a link.
        assert_eq!(spec.command, ["python3", "p.py"]);
        let caller_s = which::which("python3").unwrap();
        assert_eq!(spec.program.as_deref(), Some(caller_s.to_str().unwrap()));
        assert!(spec.trial.argv[0].to_string_lossy().ends_with("/python3"), "{:?}", spec.trial.argv);
        assert_eq!(spec.trial.argv[1], "p.py");
        let env = spec.trial.env.record();
        assert_eq!(env.mode, crate::results::settings::EnvMode::Fixed);
        assert_eq!(env.vars.keys().collect::<Vec<_>>(), ["HOME", "LANG", "LD_BIND_NOW", "PATH", "TMPDIR"]);
    }

    #[test]
    fn resident_caps_resolve_for_the_trials_at_once() {
        let max_rss = |value: &str| staged(&["--max-rss", value, "--", "true"]).trial.max_rss;
        assert_eq!(max_rss("64MiB"), Some(64 << 20));
        assert_eq!(max_rss("none"), None);
        assert!(max_rss("auto").is_some());
    }

    #[test]
    fn a_phase_is_the_last_argument_and_a_program_found_nowhere_fails() {
        let spec = staged(&["--phase", "free", "--", "true", "x"]);
        assert_eq!(spec.command, ["true", "x", "free"]);
        let cli = Cli::try_parse_from(["nestprobe", "probe", "--", "no-such-program-here"]).unwrap();
        let Command::Probe(args) = cli.command else { panic!("not probe") };
        let error = stage(&args.probe.request().unwrap()).unwrap_err().to_string();
        assert!(error.contains("cannot find the program `no-such-program-here` on PATH"), "{error}");
    }
}
