//! CI's sharding on a small catalog with two environments, through the real binary: `list --shards`
//! splits the rows, `--shard I/N` selects the same rows in `list`, `setup` and `run`, and running every
//! shard then merging gives every row exactly once, as the results workflow does.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

/// Two fixture parsers in the host and in a `debian13` environment, and four rows whose packages no
/// machine has. The environment's root (`root13/`) is a bare tree with an os-release and no
/// `.nestprobe-ready`: its rows are recorded as skipped, and its description names its OS.
fn workspace() -> Workspace {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root13");
    for folder in ["etc", "tmp", "proc", "dev", "sys"] {
        fs::create_dir_all(root.join(folder)).unwrap();
    }
    fs::write(root.join("etc/os-release"), "PRETTY_NAME=\"Test GNU/Linux 13 (fixture)\"\n").unwrap();
    let debian13 = Environment { id: "debian13", name: "Debian 13 (trixie)", root: &root };
    let mut rows: Vec<Row> = [("fixture-limit", "limit"), ("fixture-abort", "abort")]
        .into_iter()
        .map(|(id, mode)| Row::fixture(id, &[mode, "128"]).set("environments", vec!["host", "debian13"]))
        .collect();
    for (id, package) in
        [("absent-a", "one"), ("absent-b", "one"), ("absent-c", "two"), ("absent-d", "three")]
    {
        let row = Row::new(id)
            .set("language", "Other")
            .set("apt", vec![format!("nestprobe-test-absent-{package}")]);
        rows.push(row.set("run", vec!["false"]).set("version", "echo 1"));
    }
    Workspace::with_environments(dir, &[debian13], &rows)
}

fn nestprobe_in(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut command = nestprobe();
    command.current_dir(dir).args(args);
    let output = run(command);
    assert!(output.status.success(), "nestprobe {args:?}: {}", stderr_of(&output));
    output
}

fn json_of(dir: &Path, args: &[&str]) -> Value {
    serde_json::from_slice(&nestprobe_in(dir, args).stdout).unwrap()
}

fn keys(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// A row key of `list` (`id` on the host, `id@environment` elsewhere) as the plan names it: with
/// its environment always, so that `--only` selects that environment's row alone.
fn selector(key: &str) -> String {
    if key.contains('@') {
        key.to_string()
    } else {
        format!("{key}@host")
    }
}

fn strings(values: &Value, field: &str) -> Vec<String> {
    values.as_array().unwrap().iter().map(|v| v[field].as_str().unwrap().to_string()).collect()
}

#[test]
fn shards_cover_every_row_once_and_each_selects_the_same_rows_everywhere() {
    let workspace = workspace();
    let dir = workspace.root();
    let all = strings(&json_of(dir, &["list", "--format", "json"]), "key");
    assert_eq!(all.len(), 8, "{all:?}");
    assert!(all.contains(&"fixture-limit@debian13".to_string()), "{all:?}");

    let plan_text = nestprobe_in(dir, &["list", "--shards", "3", "--format", "json"]).stdout;
    let plan: Value = serde_json::from_slice(&plan_text).unwrap();
    let shards = plan.as_array().unwrap();
    assert_eq!(shards.len(), 3);
    // The same plan every time (the CI matrix and each job must agree).
    assert_eq!(nestprobe_in(dir, &["list", "--shards", "3", "--format", "json"]).stdout, plan_text);

    let mut seen = Vec::new();
    for (n, shard) in shards.iter().enumerate() {
        assert_eq!((shard["shard"].as_u64(), shard["of"].as_u64()), (Some(n as u64 + 1), Some(3)));
        let shard_keys = keys(&shard["keys"]);
        seen.extend(shard_keys.clone());
        // An environment's rows are never mixed with the host's: one job makes its root.
        let environments = keys(&shard["environments"]);
        assert_eq!(environments.len(), 1, "{shard}");
        assert_eq!(environments[0] == "debian13", shard_keys.iter().all(|k| k.ends_with("@debian13")));
        // Rows that need the same package are together.
        assert_eq!(
            shard_keys.contains(&"absent-a@host".to_string()),
            shard_keys.contains(&"absent-b@host".to_string()),
            "{shard}"
        );

        // `--shard I/N` selects exactly that shard's rows in `list` and `setup`.
        let spec = format!("{}/3", n + 1);
        let listed = strings(&json_of(dir, &["list", "--shard", &spec, "--format", "json"]), "key");
        assert_eq!(listed.iter().map(|k| selector(k)).collect::<Vec<_>>(), shard_keys, "list --shard {spec}");
        // The workflow passes a shard's keys to `--only`: the same rows, none of another environment.
        let only = shard_keys.join(",");
        let by_only = strings(&json_of(dir, &["list", "--only", &only, "--format", "json"]), "key");
        assert_eq!(by_only, listed, "list --only {only}");
        let setup = nestprobe_in(dir, &["setup", "--shard", &spec, "--dry-run"]);
        let setup = String::from_utf8_lossy(&setup.stdout);
        // (Without dpkg nestprobe cannot tell which packages are missing, and lists none.)
        let dpkg = Path::new("/usr/bin/dpkg-query").exists();
        for (id, package) in [("absent-a", "one"), ("absent-c", "two"), ("absent-d", "three")] {
            let wanted = shard_keys.iter().any(|k| *k == format!("{id}@host"));
            let listed = setup.contains(&format!("nestprobe-test-absent-{package}"));
            assert_eq!(listed, wanted && dpkg, "{spec}: {setup}");
        }
    }
    let debian13_shards = shards.iter().filter(|s| keys(&s["environments"]) == ["debian13"]).count();
    assert_eq!(debian13_shards, 1, "{plan}");
    let unique: BTreeSet<&String> = seen.iter().collect();
    assert_eq!(seen.len(), unique.len(), "a row in two shards: {seen:?}");
    let all_selectors: Vec<String> = all.iter().map(|k| selector(k)).collect();
    assert_eq!(unique, all_selectors.iter().collect(), "every row in a shard");

    // The text form: one line per shard.
    let text = nestprobe_in(dir, &["list", "--shards", "3"]).stdout;
    assert_eq!(String::from_utf8_lossy(&text).lines().count(), 3);

    // CI's flow: each shard's results file, then one merge: every row once, none lost. As in CI,
    // only the job of debian13's shard has its root; the others describe it as not made.
    fs::create_dir_all(dir.join("out")).unwrap();
    let mut files = Vec::new();
    for n in 1..=3 {
        let file = format!("out/shard-{n}.json");
        let spec = format!("{n}/3");
        let with_root = keys(&shards[n - 1]["environments"]) == ["debian13"];
        let (root, away) = (dir.join("root13"), dir.join("root13.away"));
        if !with_root {
            fs::rename(&root, &away).unwrap();
        }
        nestprobe_in(dir, &["run", "--shard", &spec, "--quick", "--max-depth", "1000", "--json-only", &file]);
        let part: Value = serde_json::from_str(&fs::read_to_string(dir.join(&file)).unwrap()).unwrap();
        let probed: Vec<String> = part["parsers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| match r["environment"].as_str() {
                Some(environment) => format!("{}@{environment}", r["id"].as_str().unwrap()),
                None => panic!("no environment: {r}"),
            })
            .collect();
        assert_eq!(probed, keys(&shards[n - 1]["keys"]), "run --shard {spec}");
        let described = part["environments"]["debian13"]["os"].as_str().unwrap().to_string();
        assert_eq!(described == "Test GNU/Linux 13 (fixture)", with_root, "{described}");
        if !with_root {
            fs::rename(&away, &root).unwrap();
        }
        // The root's shard first: a later job's "not made yet" must not replace its description.
        if with_root {
            files.insert(0, file);
        } else {
            files.push(file);
        }
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    nestprobe_in(dir, &merge);
    let merged: Value = serde_json::from_str(&fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    assert_eq!(merged["environments"]["debian13"]["os"], "Test GNU/Linux 13 (fixture)", "{merged}");
    let records = merged["parsers"].as_array().unwrap();
    assert_eq!(records.len(), 8);
    for record in records {
        let reason = record["reason"].as_str().unwrap_or_default();
        assert!(!reason.contains("no result from this run"), "{record}");
        let expected = match (record["id"].as_str().unwrap(), record["environment"].as_str().unwrap()) {
            ("fixture-limit" | "fixture-abort", "host") => "measured",
            _ => "skipped",
        };
        assert_eq!(record["status"], expected, "{record}");
    }
}

#[test]
fn previous_timings_balance_the_shards() {
    let workspace = workspace();
    let dir = workspace.root();
    let estimate = |args: &[&str]| -> Vec<u64> {
        let mut all = vec!["list", "--shards", "2", "--format", "json"];
        all.extend(args);
        let plan = json_of(dir, &all);
        plan.as_array().unwrap().iter().map(|s| s["estimated_seconds"].as_u64().unwrap()).collect()
    };
    let unmeasured = estimate(&[]);
    // A file that is not results is an error, never taken as "no timings".
    fs::write(dir.join("bogus.json"), "{}").unwrap();
    let mut command = nestprobe();
    command.current_dir(dir).args(["list", "--shards", "2", "--costs", "bogus.json"]);
    let refused = run(command);
    assert!(!refused.status.success());
    assert!(stderr_of(&refused).contains("not a nestprobe results file"), "{}", stderr_of(&refused));

    // The two fixtures measured (in seconds, not the minute a row never measured is guessed at):
    // the estimates drop, in both environments (a row not measured in debian13 is estimated from
    // the host's).
    nestprobe_in(dir, &["run", "--only", "fixture-limit,fixture-abort", "--quick", "--max-depth", "1000"]);
    assert!(dir.join("results.json").exists());
    let measured = estimate(&[]);
    assert_eq!(measured.len(), unmeasured.len());
    assert!(measured.iter().sum::<u64>() < unmeasured.iter().sum::<u64>(), "{measured:?} vs {unmeasured:?}");
    let debian13 = |plan: &Value| -> u64 {
        let shards = plan.as_array().unwrap();
        shards
            .iter()
            .filter(|s| keys(&s["environments"]) == ["debian13"])
            .map(|s| s["estimated_seconds"].as_u64().unwrap())
            .sum()
    };
    let fresh = json_of(dir, &["list", "--shards", "2", "--format", "json", "--costs", "none.json"]);
    let timed = json_of(dir, &["list", "--shards", "2", "--format", "json"]);
    assert!(debian13(&timed) < debian13(&fresh), "{timed} vs {fresh}");
    // Without the file (`--costs` naming none) the plan is the unmeasured one again.
    assert_eq!(
        fresh
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["estimated_seconds"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        unmeasured
    );
}
