//! The GitHub workflows: each is valid YAML, and the results workflow's weekly run bumps the pins in
//! its plan job, hands the bumped parsers/ to the shards and the merge job (they check out the
//! triggering commit, which does not have the bump), and commits pins and results in one commit.

use std::fs;
use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

fn workflow(name: &str) -> Yaml {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/workflows").join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut documents = YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(documents.len(), 1, "{name}: one document");
    documents.remove(0)
}

/// A job's steps, each as (what it uses, what it runs, the artifact it names).
fn steps(workflow: &Yaml, job: &str) -> Vec<(String, String, String)> {
    let steps = workflow["jobs"][job]["steps"].as_vec().unwrap_or_else(|| panic!("job {job} has no steps"));
    let text = |value: &Yaml| value.as_str().unwrap_or_default().to_string();
    steps.iter().map(|step| (text(&step["uses"]), text(&step["run"]), text(&step["with"]["name"]))).collect()
}

/// Where the first step matching `is` is in `steps`.
fn position(
    steps: &[(String, String, String)],
    what: &str,
    is: impl Fn(&(String, String, String)) -> bool,
) -> usize {
    steps.iter().position(is).unwrap_or_else(|| panic!("no step that {what}: {steps:#?}"))
}

#[test]
fn every_workflow_is_valid_yaml_with_jobs() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/workflows");
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.contains(&"results.yml".to_string()), "{names:?}");
    for name in names.iter().filter(|n| n.ends_with(".yml")) {
        assert!(workflow(name)["jobs"].as_hash().is_some_and(|jobs| !jobs.is_empty()), "{name}");
    }
}

#[test]
fn the_weekly_run_bumps_the_pins_and_hands_them_to_every_job_that_measures_or_commits() {
    let results = workflow("results.yml");
    // yaml-rust2 reads `on` as a string key (YAML 1.2).
    let on = &results["on"];
    let cron = on["schedule"][0]["cron"].as_str().expect("a schedule");
    assert_eq!(cron.split_whitespace().count(), 5, "{cron}");
    assert!(cron.split_whitespace().nth(4).is_some_and(|day| day != "*"), "weekly, not daily: {cron}");
    assert_eq!(on["workflow_dispatch"]["inputs"]["bump"]["type"].as_str(), Some("boolean"));

    let plan = steps(&results, "catalog");
    let bump = position(&plan, "bumps the pins", |s| s.1.contains("nestprobe outdated --bump"));
    let packed = position(&plan, "packs parsers/", |s| s.1.contains("tar -czf parsers.tar.gz parsers"));
    let handed = position(&plan, "uploads parsers/", |s| {
        s.0.starts_with("actions/upload-artifact") && s.2 == "parsers"
    });
    let sharded = position(&plan, "splits the shards", |s| s.1.contains("nestprobe list --shards"));
    assert!(bump < packed && packed < handed, "the bumped catalog is handed over: {plan:#?}");
    assert!(bump < sharded, "the shards are planned from the bumped catalog: {plan:#?}");
    let condition = results["jobs"]["catalog"]["env"]["BUMP"].as_str().unwrap_or_default();
    assert!(condition.contains("github.event_name == 'schedule'"), "{condition}");

    for (job, uses_it) in [("probe", "nestprobe run"), ("merge", "nestprobe merge")] {
        let steps = steps(&results, job);
        let checkout = position(&steps, "checks out", |s| s.0.starts_with("actions/checkout"));
        let fetched = position(&steps, "downloads parsers/", |s| {
            s.0.starts_with("actions/download-artifact") && s.2 == "parsers"
        });
        let unpacked = position(&steps, "unpacks parsers/", |s| s.1.contains("tar -xzf parsers.tar.gz"));
        let used = position(&steps, uses_it, |s| s.1.contains(uses_it));
        assert!(checkout < fetched && fetched < unpacked && unpacked < used, "{job}: {steps:#?}");
    }
    let merge = steps(&results, "merge");
    let commit = &merge[position(&merge, "commits", |s| s.1.contains("git commit"))].1;
    let added = commit.lines().find(|l| l.trim_start().starts_with("git add")).expect("git add");
    assert!(
        added.contains(" parsers ") && added.contains("results.json"),
        "pins and results together: {added}"
    );
    assert_eq!(commit.matches("git commit").count(), 1, "one commit: {commit}");
}
