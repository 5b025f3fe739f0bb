//! results.html in a real browser: headless Chromium loads the page rendered from the committed
//! results.json (with one parser's text made hostile), with the view, filters and sorting set through
//! the URL fragment, and dumps the DOM after the page's script ran. The test then checks which rows
//! and crash lines are visible and in what order, that the script finished (`data-ready`) and reported no error
//! (`data-errors`, set by the page's error hook), and that the hostile text ran nothing.
//!
//! Skipped, with a message, when no Chromium is installed (`apt-get install chromium`), failed in
//! CI; set NESTPROBE_CHROMIUM to use a particular binary.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{committed_results, first_failing};
use serde_json::Value;

const BROWSERS: [&str; 4] = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NESTPROBE_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|dir| BROWSERS.map(|name| dir.join(name))).find(|p| p.is_file())
}

/// What a dumped DOM says about one `<tr>`.
#[derive(Debug)]
struct Row {
    class: String,
    id: String,
    language: String,
    /// A crash line's row.
    row: String,
    /// The stack whose crash view a line is in (`8MiB`, `128KiB`).
    stack: String,
    hidden: bool,
}

struct Dump {
    html: String,
    rows: Vec<Row>,
}

impl Dump {
    fn visible_ids(&self) -> Vec<&str> {
        self.rows.iter().filter(|r| r.class == "parser" && !r.hidden).map(|r| r.id.as_str()).collect()
    }

    /// The crash view's visible lines, as (element id, row key), in page order.
    fn visible_lines(&self) -> Vec<(&str, &str)> {
        self.rows
            .iter()
            .filter(|r| r.class.starts_with("line") && !r.hidden)
            .map(|r| (r.id.as_str(), r.row.as_str()))
            .collect()
    }

    /// The markup of one crash line.
    fn line_html(&self, id: &str) -> &str {
        let at = self.html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no line {id}"));
        self.html[at..].split("</tr>").next().unwrap()
    }

    /// Whether the crash view shows (the table of every row is then hidden).
    fn crash_view_shown(&self) -> bool {
        let shown = self.html.contains("<section id=\"crash-view\">");
        assert_ne!(shown, self.html.contains("<section id=\"table-view\">"), "one view at a time");
        shown
    }

    fn visible_groups(&self) -> Vec<&str> {
        self.rows.iter().filter(|r| r.class == "group" && !r.hidden).map(|r| r.language.as_str()).collect()
    }

    fn root_attribute(&self, name: &str) -> Option<String> {
        attribute(self.html.split("<html").nth(1)?.split('>').next()?, name)
    }

    /// The stack the page shows (`8MiB`, the run's own, unless another is chosen).
    fn stack(&self) -> String {
        self.root_attribute("data-stack").unwrap_or_else(|| RUN_STACK.to_string())
    }

    /// The markup of the table's row of `key`, up to its end.
    fn row_html(&self, key: &str) -> &str {
        let at = self.html.find(&format!(" data-id=\"{key}\"")).unwrap_or_else(|| panic!("no row {key}"));
        self.html[at..].split("</tr>").next().unwrap()
    }

    /// The script finished and reported no error.
    fn assert_clean(&self, what: &str) {
        assert_eq!(
            self.root_attribute("data-ready").as_deref(),
            Some("1"),
            "{what}: the script did not finish"
        );
        assert_eq!(self.root_attribute("data-errors"), None, "{what}: script errors");
    }
}

/// The stack a catalog run measures its rows at, as the page names it.
const RUN_STACK: &str = "8MiB";

/// The text of some markup: its tags dropped, its entities read.
fn text_of(markup: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// A row's depth cell (`Fails at`), as text.
fn depth_cell(row: &str) -> String {
    let cell = row.split("<td class=\"num\"").nth(1).unwrap_or_else(|| panic!("no depth cell: {row}"));
    text_of(&format!("<td{}", cell.split("</td>").next().unwrap()))
}

/// The outcome class of a row's first badge (`crash`, `clean-error`, `not-measured`).
fn badge_class(row: &str) -> &str {
    let badge = row.split("class=\"badge o-").nth(1).unwrap_or_else(|| panic!("no badge: {row}"));
    badge.split('"').next().unwrap()
}

/// `1234567` as the page writes it: `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A record's probe at a stack of `bytes`: its sweep's; the run's own stack is its main result's.
fn probe_at(record: &Value, bytes: u64) -> Option<&Value> {
    if bytes == 8 << 20 {
        return Some(&record["result"]).filter(|r| !r.is_null());
    }
    record["sweep"]["probes"].as_array()?.iter().find(|p| p["stack_bytes"].as_u64() == Some(bytes))
}

/// Whether two probes say the same: how they end, and at what depth.
fn same_finding(a: &Value, b: &Value) -> bool {
    let kind = |p: &Value| p["failure"]["kind"].clone();
    a["status"] == b["status"] && a["min_failing_depth"] == b["min_failing_depth"] && kind(a) == kind(b)
}

/// An attribute's value, unescaped as the DOM serialiser escapes it.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let raw = tag[start..].split('"').next()?;
    Some(raw.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
}

fn parse_rows(html: &str) -> Vec<Row> {
    html.split("<tr ")
        .skip(1)
        .map(|rest| {
            // With the space that preceded the first attribute.
            let tag = format!(" {}", rest.split('>').next().unwrap());
            let tag = tag.as_str();
            Row {
                class: attribute(tag, "class").unwrap_or_default(),
                id: attribute(tag, "data-id").or_else(|| attribute(tag, "id")).unwrap_or_default(),
                language: attribute(tag, "data-language").unwrap_or_default(),
                row: attribute(tag, "data-row").unwrap_or_default(),
                stack: attribute(tag, "data-stack").unwrap_or_default(),
                hidden: tag.contains(" hidden"),
            }
        })
        .collect()
}

/// Renders results.html from `results` into `dir`; its path.
fn render_page(dir: &Path, results: &Value) -> PathBuf {
    let input = dir.join("in.json");
    fs::write(&input, serde_json::to_string(results).unwrap()).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_nestprobe"))
        .args(["render", "--results"])
        .arg(&input)
        .arg("--out")
        .arg(dir)
        .arg("--readme")
        .arg(dir.join("no-readme.md"))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    dir.join("results.html")
}

/// Loads `page#fragment` in headless Chromium and returns the DOM after the scripts ran.
fn dump(chromium: &Path, page: &Path, fragment: &str) -> Dump {
    dump_as(chromium, page, fragment, &["--window-size=1400,800"])
}

/// [`dump`] with these window and colour-scheme flags.
fn dump_as(chromium: &Path, page: &Path, fragment: &str, flags: &[&str]) -> Dump {
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}{fragment}", page.display());
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .args(flags)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(&url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish loading {url} in 30 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (html, log) = (out.join().unwrap().unwrap(), err.join().unwrap().unwrap());
    assert!(status.success(), "chromium failed on {url}: {status}\n{log}");
    assert!(html.contains("id=\"atlas\""), "no page in the dump of {url}:\n{html}\n{log}");
    // Uncaught exceptions are also logged as console messages.
    assert!(!log.contains("Uncaught"), "script error on {url}:\n{log}");
    let rows = parse_rows(&html);
    Dump { html, rows }
}

/// The formats whose charts the page shows (a figure not hidden).
fn chart_formats(html: &str) -> BTreeSet<&str> {
    html.split("<figure ")
        .skip(1)
        .filter_map(|rest| rest.split_once('>').map(|(tag, _)| tag))
        .filter(|tag| !tag.contains("hidden"))
        .filter_map(|tag| tag.split("data-format=\"").nth(1)?.split('"').next())
        .collect()
}

/// The committed results.json, one parser's version, stderr and note made hostile: an element
/// that would run script on load if it were ever parsed as markup.
fn hostile_results() -> Value {
    let mut results = committed_results();
    let attack = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','1')\">";
    let record = first_failing(&mut results);
    record["version"] = format!("1.0 {attack}").into();
    record["note"] =
        format!("</script><script>document.documentElement.setAttribute('data-pwned','2')</script>{attack}")
            .into();
    record["result"]["failure"]["stderr"] = format!("Error: {attack} | `x`").into();
    // The hostile parser and every crashing one measured again in a second environment (a test
    // copy: the committed results may have only the host).
    let existing: BTreeSet<String> = results["parsers"].as_array().unwrap().iter().map(key).collect();
    let copies: Vec<Value> = results["parsers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["environment"].as_str().unwrap_or("host") == "host")
        .filter(|r| !existing.contains(&format!("{}@debian13", r["id"].as_str().unwrap())))
        .filter(|r| r["version"].as_str().is_some_and(|v| v.contains(attack)) || outcome(r) == "crash")
        .map(|r| {
            let mut copy = r.clone();
            copy["environment"] = "debian13".into();
            copy
        })
        .collect();
    results["parsers"].as_array_mut().unwrap().extend(copies);
    results["environments"]["debian13"] =
        serde_json::json!({ "name": "Debian 13 (trixie)", "os": "Debian GNU/Linux 13 (trixie)" });
    results
}

/// The row key of a record, as the page's data-id: the id, with `@<environment>` outside the host.
fn key(record: &Value) -> String {
    let id = record["id"].as_str().unwrap();
    match record["environment"].as_str().unwrap_or("host") {
        "host" => id.to_string(),
        environment => format!("{id}@{environment}"),
    }
}

/// How the page classifies a record (the filter value of its outcome), as every output counts it:
/// a crash in any probe makes a crash row; else time or memory exhausted in any probe; else its
/// main result's outcome.
fn outcome(record: &Value) -> &'static str {
    if record["status"] != "measured" || record["result"].is_null() {
        return "not-measured";
    }
    let losses: Vec<&str> = probes(record).filter_map(loss_of).collect();
    if losses.contains(&"crash") {
        return "crash";
    }
    match (main_outcome(record), losses.first()) {
        (main @ ("timeout" | "out-of-memory"), _) | (main, None) => main,
        (_, Some(loss)) => loss,
    }
}

fn main_outcome(record: &Value) -> &'static str {
    match record["result"]["status"].as_str() {
        Some("unstable" | "input-not-read") => return "unstable",
        Some("slow") if loss_of(&record["result"]) == Some("crash") => return "crash",
        Some("slow") => return "timeout",
        _ => {}
    }
    match record["result"]["failure"]["kind"].as_str() {
        None => "no-limit",
        Some("error") => "clean-error",
        Some("timeout") => "timeout",
        Some("out-of-memory") => "out-of-memory",
        // A service's failures that are neither a crash nor a clean error have filters of their own.
        Some("server-error") => "server-error",
        Some("refused-by-size") => "refused-by-size",
        Some("unresponsive") => "unresponsive",
        Some("undeclared-status") => "unstable",
        // Valid input answered wrongly: its own filter, never a crash.
        Some("wrong-answer") => "wrong-answer",
        Some(_) => "crash",
    }
}

/// Every probe of a record, in the record's order.
fn probes(record: &Value) -> impl Iterator<Item = &Value> {
    let single = ["result", "warm", "object", "unclosed"].map(|part| &record[part]);
    let listed =
        ["more_shapes", "phases"].into_iter().flat_map(|part| record[part].as_array().into_iter().flatten());
    single.into_iter().chain(listed)
}

/// How one probe loses control: `crash` (also beyond a slow depth), `timeout`, `out-of-memory`.
fn loss_of(probe: &Value) -> Option<&'static str> {
    let kind = probe["failure"]["kind"].as_str();
    match (probe["status"].as_str(), kind) {
        (Some("slow"), Some("crash")) if !probe["crash_depth"].is_null() => Some("crash"),
        (Some("slow"), _) => Some("timeout"),
        (Some("exact"), Some("crash")) => Some("crash"),
        (Some("exact"), Some("timeout")) => Some("timeout"),
        (Some("exact"), Some("out-of-memory")) => Some("out-of-memory"),
        _ => None,
    }
}

fn depth(record: &Value) -> Option<u64> {
    match record["result"]["status"].as_str() {
        Some("slow") => record["result"]["max_accepted_depth"].as_u64(),
        _ => record["result"]["min_failing_depth"].as_u64(),
    }
}

/// Where one probe loses control: a crash, a timeout or out of memory, or too slow to go deeper.
fn losing_depth_of(probe: &Value) -> Option<u64> {
    match (probe["status"].as_str(), probe["failure"]["kind"].as_str()) {
        // A probe that became slow after it saw a crash loses control by that crash (its one loss,
        // as in the crash list).
        (Some("slow"), Some("crash")) if !probe["crash_depth"].is_null() => probe["crash_depth"].as_u64(),
        (Some("slow"), _) => probe["max_accepted_depth"].as_u64(),
        (Some("exact"), Some("crash" | "timeout" | "out-of-memory")) => probe["min_failing_depth"].as_u64(),
        _ => None,
    }
}

/// What the page sorts a row by: where it loses control in any probe, else its main result's depth.
fn sort_depth(record: &Value) -> Option<u64> {
    probes(record).filter_map(losing_depth_of).min().or_else(|| depth(record))
}

/// Whether a row's probe of `phase` loses control.
fn loses_control_in(record: &Value, phase: &str) -> bool {
    let phases = record["phases"].as_array().into_iter().flatten();
    phases.filter(|p| p["phase"] == phase).any(|p| losing_depth_of(p).is_some())
}

#[test]
fn results_page_filters_and_sorts_in_a_real_browser() {
    let chromium = find_chromium();
    if !common::provided(
        "Chromium",
        chromium.is_some(),
        "apt-get install chromium, or set NESTPROBE_CHROMIUM",
    ) {
        return;
    }
    let chromium = chromium.unwrap();
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let results = hostile_results();
    let page = render_page(dir.path(), &results);
    let records = results["parsers"].as_array().unwrap();
    let keys: BTreeSet<String> = records.iter().map(key).collect();
    assert_eq!(keys.len(), records.len(), "record keys are unique");
    let all: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    let find = |id: &str| records.iter().find(|r| key(r) == id).unwrap();
    let languages: BTreeSet<&str> = records.iter().map(|r| r["language"].as_str().unwrap()).collect();

    // Every run: the script finished, reported no error, and the hostile text stayed text.
    let check = |dump: &Dump, what: &str| {
        assert_eq!(
            dump.root_attribute("data-ready").as_deref(),
            Some("1"),
            "{what}: the script did not finish"
        );
        assert_eq!(dump.root_attribute("data-errors"), None, "{what}: script errors");
        assert_eq!(dump.root_attribute("data-pwned"), None, "{what}: hostile parser text ran");
        assert!(!dump.html.contains("<img"), "{what}: hostile parser text became an element");
        let count = if dump.crash_view_shown() {
            let stack = dump.stack();
            let crashes = dump
                .rows
                .iter()
                .filter(|r| r.class.starts_with("line") && r.stack == stack)
                .filter(|r| dump.line_html(&r.id).contains("badge o-crash"));
            let (shown, total) =
                crashes.fold((0, 0), |(shown, total), r| (shown + usize::from(!r.hidden), total + 1));
            format!("{shown} of {total} crash lines")
        } else {
            format!("{} of {} rows", dump.visible_ids().len(), all.len())
        };
        assert!(dump.html.contains(&count), "{what}: count does not say {count:?}");
    };

    // No fragment: the crash list, where nlohmann/json's dump() crashes though its parse has no limit.
    let plain = dump(&chromium, &page, "");
    check(&plain, "plain");
    assert!(plain.crash_view_shown(), "the crash list is not the default view");
    let nlohmann: Vec<&str> = plain
        .visible_lines()
        .into_iter()
        .filter(|(_, row)| *row == "cpp-nlohmann")
        .map(|(id, _)| plain.line_html(id))
        .collect();
    assert!(
        nlohmann.iter().any(|line| line.contains("serialize")
            && line.contains("SIGSEGV")
            && line.contains("serializer::<wbr>dump</td>")),
        "nlohmann's serialize crash is not listed: {nlohmann:?}"
    );

    // The table of every row: every parser, grouped by language with one visible heading per language.
    let table = dump(&chromium, &page, "#view=table");
    check(&table, "table");
    assert_eq!(table.visible_ids().into_iter().collect::<BTreeSet<_>>(), all);
    assert_eq!(table.visible_groups(), languages.iter().copied().collect::<Vec<_>>());

    // Crashes only, least depth first: exactly the crashing parsers, ascending, no group headings.
    let crash = dump(&chromium, &page, "#format=json&outcome=crash&sort=depth");
    check(&crash, "crash by depth");
    let json = |r: &&Value| r["format"].as_str().unwrap_or("json") == "json";
    let mut expected: Vec<&Value> = records.iter().filter(|r| outcome(r) == "crash").filter(json).collect();
    assert!(!expected.is_empty(), "results.json has no crash to filter for");
    expected.sort_by_key(|r| sort_depth(r));
    let shown = crash.visible_ids();
    assert_eq!(
        shown.iter().copied().collect::<BTreeSet<_>>(),
        expected.iter().map(|r| key(r)).collect::<BTreeSet<_>>().iter().map(String::as_str).collect()
    );
    // By the depth where the row loses control, not its main result's.
    let depths: Vec<Option<u64>> = shown.iter().map(|id| sort_depth(find(id))).collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "not ascending: {depths:?}");
    assert!(crash.visible_groups().is_empty());
    assert!(shown.len() < all.len(), "the filter hid nothing");
    // The charts follow the filters: only JSON's are left, where the plain page shows every format's.
    // (A product's query language, PromQL or InfluxQL, is drawn in the Products chart, not one of its own.)
    let formats: BTreeSet<&str> = records
        .iter()
        .filter(|r| r["product"].is_null())
        .map(|r| r["format"].as_str().unwrap_or("json"))
        .collect();
    assert_eq!(chart_formats(&table.html), formats);
    assert_eq!(chart_formats(&plain.html), formats);
    assert_eq!(chart_formats(&crash.html), BTreeSet::from(["json"]));

    // The class filter: the data formats' class keeps exactly their rows.
    let data = dump(&chromium, &page, "#view=table&class=data");
    check(&data, "class data");
    let data_ids: BTreeSet<String> = records
        .iter()
        .filter(|r| {
            let format = r["format"].as_str().unwrap_or("json");
            // A service is of the services class, whatever its payload's format.
            r["service"].is_null()
                && format
                    .parse::<nestprobe::payload::PayloadFormat>()
                    .is_ok_and(|f| f.class().key() == "data")
        })
        .map(key)
        .collect();
    assert_eq!(data.visible_ids().into_iter().map(String::from).collect::<BTreeSet<_>>(), data_ids);

    // After the parse: the rows measured in phases, and those that lose control in serialize (at all).
    let phased = dump(&chromium, &page, "#phase=measured");
    check(&phased, "phase measured");
    let with_phases: BTreeSet<String> =
        records.iter().filter(|r| r["phases"].as_array().is_some_and(|p| !p.is_empty())).map(key).collect();
    assert_eq!(phased.visible_ids().into_iter().map(String::from).collect::<BTreeSet<_>>(), with_phases);
    let serialize = dump(&chromium, &page, "#phase=serialize");
    check(&serialize, "loses control in serialize");
    let shown = serialize.visible_ids();
    assert!(shown.contains(&"cpp-nlohmann"), "nlohmann's dump() crashes: {shown:?}");
    // Those that do so sooner than the parse say it beside the parse's outcome.
    assert!(serialize.html.contains("in serialize</span>"), "no row names its serialize phase");
    let expected: BTreeSet<String> =
        records.iter().filter(|r| loses_control_in(r, "serialize")).map(key).collect();
    assert_eq!(shown.iter().map(|id| id.to_string()).collect::<BTreeSet<_>>(), expected);

    // "Loses control in free" means at all: yajl, whose yajl_tree_free recurses, at about the
    // depth its parse does; "sooner than the parse" is a subset of it.
    let free = dump(&chromium, &page, "#view=table&phase=free");
    check(&free, "loses control in free");
    let expected: BTreeSet<String> =
        records.iter().filter(|r| loses_control_in(r, "free")).map(key).collect();
    let shown: BTreeSet<String> = free.visible_ids().into_iter().map(String::from).collect();
    assert_eq!(shown, expected);
    assert!(shown.contains("c-yajl"), "yajl loses control in free: {shown:?}");
    let sooner = dump(&chromium, &page, "#view=table&phase=free-sooner");
    check(&sooner, "loses control in free sooner than the parse");
    assert!(sooner.visible_ids().iter().all(|id| shown.contains(*id)));
    assert!(!sooner.visible_ids().contains(&"c-yajl"), "yajl's free is not sooner than its parse");
    // The crash list filtered the same way: yajl's free line, naming the function that recursed.
    let free_lines = dump(&chromium, &page, "#view=crashes&phase=free");
    check(&free_lines, "crash lines in free");
    assert!(free_lines.crash_view_shown());
    let lines = free_lines.visible_lines();
    assert!(
        lines.iter().all(|(id, _)| free_lines.line_html(id).contains(">free")),
        "a line of another phase"
    );
    let yajl = lines.iter().find(|(_, row)| *row == "c-yajl").expect("yajl's free crash is not listed");
    assert!(free_lines.line_html(yajl.0).contains("yajl_tree_free"), "{}", free_lines.line_html(yajl.0));

    // Everything, most depth first: no limit on top, then descending depths (where a row loses
    // control), unmeasured last.
    let desc = dump(&chromium, &page, "#sort=depth&dir=desc");
    check(&desc, "depth descending");
    let order: Vec<&Value> = desc.visible_ids().iter().map(|id| find(id)).collect();
    assert_eq!(order.len(), all.len());
    let rank = |r: &Value| match (outcome(r), sort_depth(r)) {
        ("not-measured" | "unstable", _) => (2, 0),
        (_, None) => (0, 0),
        (_, Some(depth)) => (1, u64::MAX - depth),
    };
    let unordered = order.windows(2).find(|w| rank(w[0]) > rank(w[1]));
    assert!(
        unordered.is_none(),
        "not in descending depth order: {:?}",
        unordered.map(|w| (
            &w[0]["id"],
            &w[0]["environment"],
            rank(w[0]),
            &w[1]["id"],
            &w[1]["environment"],
            rank(w[1])
        ))
    );
    assert_ne!(desc.visible_ids(), table.visible_ids(), "sorting changed nothing");

    // One language and one outcome, grouped: only that language's heading.
    let language =
        records.iter().find(|r| outcome(r) == "clean-error").unwrap()["language"].as_str().unwrap();
    let fragment =
        format!("#language={}&outcome=clean-error", language.replace('+', "%2B").replace('#', "%23"));
    let one = dump(&chromium, &page, &fragment);
    check(&one, "language and outcome");
    let expected: BTreeSet<String> = records
        .iter()
        .filter(|r| r["language"] == language && outcome(r) == "clean-error")
        .map(key)
        .collect();
    assert_eq!(one.visible_ids().into_iter().map(String::from).collect::<BTreeSet<_>>(), expected);
    assert_eq!(one.visible_groups(), [language]);

    // A row's detail, opened by a link: shown under the row, with the whole error and every probe;
    // every other detail stays hidden.
    let crashing = key(records.iter().find(|r| outcome(r) == "crash").unwrap());
    let opened = dump(&chromium, &page, &format!("#open={}", crashing.replace('@', "%40")));
    check(&opened, "one detail open");
    let detail_tag = |dump: &Dump, id: &str| {
        let at =
            dump.html.find(&format!("data-for=\"{id}\"")).unwrap_or_else(|| panic!("no detail for {id}"));
        let start = dump.html[..at].rfind('<').unwrap();
        dump.html[start..at + dump.html[at..].find('>').unwrap()].to_string()
    };
    assert!(!detail_tag(&opened, &crashing).contains("hidden"), "{}", detail_tag(&opened, &crashing));
    let other = records.iter().map(key).find(|id| *id != crashing).unwrap();
    assert!(detail_tag(&opened, &other).contains("hidden"), "{}", detail_tag(&opened, &other));
    let detail = opened
        .html
        .split(&format!("data-for=\"{crashing}\""))
        .nth(1)
        .unwrap()
        .split("</tr></tbody></table>")
        .next()
        .unwrap();
    assert!(detail.contains("Where it crashed") && detail.contains("array shape"), "{detail}");

    // One environment: exactly its rows, and the environment column shows.
    let debian13 = dump(&chromium, &page, "#environment=debian13");
    check(&debian13, "one environment");
    let expected: BTreeSet<String> =
        records.iter().filter(|r| r["environment"] == "debian13").map(key).collect();
    assert!(expected.len() >= 2);
    assert_eq!(debian13.visible_ids().into_iter().map(String::from).collect::<BTreeSet<_>>(), expected);
    let table = debian13.html.split("<table id=\"atlas\"").nth(1).unwrap().split('>').next().unwrap();
    assert!(!table.contains("one-env"), "the environment column is hidden");

    // The controls themselves, driven by a script added to a copy of the page: the table header
    // stays on screen when the page scrolls (sticky), choosing an outcome and clicking the depth
    // header twice filters and sorts most-first, and the fragment follows, so the view can be linked.
    let driver = r#"<script>
(function () {
  var root = document.documentElement;
  var view = document.getElementById("view");
  view.value = "table";
  view.dispatchEvent(new Event("change"));
  window.scrollTo(0, 1200);
  var header = document.querySelector('thead th[data-sort="depth"]');
  root.setAttribute("data-scrolled", String(window.scrollY));
  root.setAttribute("data-header-top", String(Math.round(header.getBoundingClientRect().top)));
  window.scrollTo(0, 0);
  var outcome = document.getElementById("outcome");
  outcome.value = "crash";
  outcome.dispatchEvent(new Event("change"));
  header.querySelector("button").click();
  header.querySelector("button").click();
  root.setAttribute("data-hash", location.hash);
  root.setAttribute("data-header-sort", header.getAttribute("aria-sort"));
})();
</script>
</body>"#;
    let driven = dir.path().join("driven.html");
    fs::write(&driven, fs::read_to_string(&page).unwrap().replace("</body>", driver)).unwrap();
    let clicked = dump(&chromium, &driven, "");
    check(&clicked, "driven by the controls");
    assert_ne!(clicked.root_attribute("data-scrolled").as_deref(), Some("0"), "the page did not scroll");
    assert_eq!(clicked.root_attribute("data-header-top").as_deref(), Some("0"), "the header is not sticky");
    assert_eq!(
        clicked.root_attribute("data-hash").as_deref(),
        Some("#outcome=crash&sort=depth-desc&view=table")
    );
    assert_eq!(clicked.root_attribute("data-header-sort").as_deref(), Some("descending"));
    // Every format's crashes now (the driver chose no format), deepest first.
    let clicked_ids = clicked.visible_ids();
    let every_crash: BTreeSet<String> = records.iter().filter(|r| outcome(r) == "crash").map(key).collect();
    assert_eq!(clicked_ids.iter().map(|id| id.to_string()).collect::<BTreeSet<_>>(), every_crash);
    let depths: Vec<Option<u64>> = clicked_ids.iter().map(|id| sort_depth(find(id))).collect();
    assert!(depths.windows(2).all(|w| w[0] >= w[1]), "not most first: {depths:?}");

    let _ = writeln!(
        std::io::stderr(),
        "browser test: 13 page loads in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Chromium, or `None` (the test then says what to install and passes).
fn chromium_or_skip() -> Option<PathBuf> {
    let chromium = find_chromium();
    common::provided("Chromium", chromium.is_some(), "apt-get install chromium, or set NESTPROBE_CHROMIUM")
        .then_some(chromium)
        .flatten()
}

/// The stack selector (#46): at a stack the sweep measured, a row whose figures differ there shows
/// the sweep's probe (read from results.json, not extrapolated), a row whose figures do not is
/// unchanged, a row the sweep did not measure there says so; the counts, the crash list and the
/// row's detail follow, and choosing a stack puts it in the fragment. The committed results may not
/// have every stack yet: 128 KiB, the smallest, is checked whatever it has, and 1 MiB, which every
/// catalog run has measured, makes sure each case is seen.
#[test]
fn results_page_shows_the_atlas_at_the_stack_chosen() {
    let Some(chromium) = chromium_or_skip() else { return };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let results = committed_results();
    let page = render_page(dir.path(), &results);
    let records = results["parsers"].as_array().unwrap();
    let plain = dump(&chromium, &page, "#view=table");
    plain.assert_clean("the run's stack");
    let here: BTreeSet<String> = records.iter().filter(|r| r["service"].is_null()).map(key).collect();
    let measured = || records.iter().filter(|r| r["status"] == "measured" && r["service"].is_null());

    let (mut differing, mut unchanged, mut unmeasured) = (Vec::new(), 0, 0);
    for (stack, bytes) in [("128KiB", 128 << 10), ("1MiB", 1 << 20)] {
        let at = dump(&chromium, &page, &format!("#view=table&stack={stack}"));
        at.assert_clean(stack);
        assert_eq!(at.stack(), stack);
        // Every row but a service (measured only as it is deployed) is in the table.
        assert_eq!(at.visible_ids().into_iter().map(String::from).collect::<BTreeSet<_>>(), here, "{stack}");
        for record in measured() {
            let (id, main) = (key(record), &record["result"]);
            let row = at.row_html(&id);
            match probe_at(record, bytes) {
                None => {
                    assert!(row.contains(">not measured at this stack</span>"), "{stack} {id}: {row}");
                    assert_eq!(badge_class(row), "not-measured");
                    unmeasured += 1;
                }
                Some(probe) if same_finding(probe, main) => {
                    let run = plain.row_html(&id);
                    let figure = |row: &str| depth_cell(row).replace(" ±", "");
                    assert_eq!(figure(row), figure(run), "{stack} {id}: the depth changed");
                    assert_eq!(badge_class(row), badge_class(run), "{stack} {id}: the outcome changed");
                    unchanged += 1;
                }
                Some(probe) => {
                    let depth = probe["min_failing_depth"].as_u64();
                    if let Some(depth) = depth.filter(|d| {
                        probe["status"] == "exact" && Some(*d) != main["min_failing_depth"].as_u64()
                    }) {
                        let figure = thousands(depth);
                        assert!(
                            depth_cell(row).starts_with(&figure),
                            "{stack} {id}: the sweep measured {figure}, the row says {:?}",
                            depth_cell(row)
                        );
                        assert!(!row.contains("badge-link"), "{stack} {id}: a badge is of the run's figures");
                        differing.push((stack, id, figure));
                    }
                }
            }
        }
    }
    assert!(
        !differing.is_empty() && unchanged > 0,
        "results.json has no row whose depth differs at a smaller stack, or none that does not"
    );

    // The crash list at 1 MiB: the rows whose sweep probe there crashes, and only that stack's lines.
    let crashes = dump(&chromium, &page, "#view=crashes&stack=1MiB");
    crashes.assert_clean("crash list at 1 MiB");
    assert!(crashes.crash_view_shown());
    let lines = crashes.visible_lines();
    assert!(crashes
        .rows
        .iter()
        .filter(|r| r.class.starts_with("line") && !r.hidden)
        .all(|r| r.stack == "1MiB"));
    let expected: BTreeSet<String> =
        measured().filter(|r| probe_at(r, 1 << 20).and_then(loss_of) == Some("crash")).map(key).collect();
    let listed: BTreeSet<String> = lines
        .iter()
        .filter(|(id, _)| crashes.line_html(id).contains("badge o-crash"))
        .map(|(_, row)| row.to_string())
        .collect();
    assert_eq!(listed, expected, "the crash list at 1 MiB");
    let n = expected.len();
    assert!(crashes.html.contains(&format!("{n} of {n} crash lines")), "the count of lines at 1 MiB");
    // Its counts: the chips of 1 MiB show, the run's are hidden.
    let chips = |stack: &str| {
        let tag = format!("<p class=\"chips at-stack\" data-stack=\"{stack}\"");
        let at = crashes.html.find(&tag).unwrap_or_else(|| panic!("no chips at {stack}"));
        crashes.html[at..].split("</p>").next().unwrap().to_string()
    };
    assert!(chips(RUN_STACK)
        .starts_with(&format!("<p class=\"chips at-stack\" data-stack=\"{RUN_STACK}\" hidden")));
    let small = chips("1MiB");
    assert!(!small.split('>').next().unwrap().contains("hidden"), "{small}");
    assert!(small.contains(&format!("href=\"#outcome=crash&amp;stack=1MiB\">{n} crash</a>")), "{small}");

    // A row's detail at the stack says what the sweep measured there and marks that probe.
    let (_, id, figure) =
        differing.iter().find(|(stack, ..)| *stack == "1MiB").expect("a row that differs at 1 MiB");
    let opened = dump(&chromium, &page, &format!("#view=table&stack=1MiB&open={}", id.replace('@', "%40")));
    opened.assert_clean("a detail at 1 MiB");
    let detail = opened
        .html
        .split(&format!("data-for=\"{id}\""))
        .nth(1)
        .unwrap()
        .split("</tr></tbody></table>")
        .next()
        .unwrap();
    let line = detail.split("<p class=\"stack-line\"").nth(1).unwrap().split("</p>").next().unwrap();
    assert!(line.starts_with(">At 1 MiB (") && line.contains(figure.as_str()), "{line}");
    assert!(detail.contains("<tr data-stack=\"1MiB\" class=\"chosen\">"), "{detail}");

    // Chosen with the control, the stack goes into the fragment.
    let driver = r#"<script>
(function () {
  var stack = document.getElementById("stack");
  stack.value = "1MiB";
  stack.dispatchEvent(new Event("change"));
  document.documentElement.setAttribute("data-hash", location.hash);
})();
</script>
</body>"#;
    let driven = dir.path().join("driven.html");
    fs::write(&driven, fs::read_to_string(&page).unwrap().replace("</body>", driver)).unwrap();
    let chosen = dump(&chromium, &driven, "");
    chosen.assert_clean("the stack chosen with the control");
    assert_eq!(chosen.root_attribute("data-hash").as_deref(), Some("#stack=1MiB&view=crashes"));
    assert_eq!(chosen.stack(), "1MiB");

    let _ = writeln!(
        std::io::stderr(),
        "browser test: {} rows differ at a smaller stack, {unchanged} unchanged, {unmeasured} not measured; 6 page loads in {:.1} s",
        differing.len(),
        started.elapsed().as_secs_f64()
    );
}

/// A stack the page does not offer (`#stack=3MiB`) is the run's own, with no script error: the
/// table and the crash list as at 8 MiB.
#[test]
fn results_page_falls_back_to_the_runs_stack_for_one_it_does_not_offer() {
    let Some(chromium) = chromium_or_skip() else { return };
    let dir = tempfile::tempdir().unwrap();
    let results = committed_results();
    let page = render_page(dir.path(), &results);
    let records = results["parsers"].as_array().unwrap();
    for (fragment, plain) in [("#stack=3MiB", "#view=table"), ("#view=crashes&stack=3MiB", "#view=crashes")] {
        let (bad, plain) = (dump(&chromium, &page, fragment), dump(&chromium, &page, plain));
        bad.assert_clean(fragment);
        assert_eq!(bad.stack(), RUN_STACK, "{fragment}");
        assert_eq!(bad.visible_ids(), plain.visible_ids(), "{fragment}");
        assert_eq!(bad.visible_lines(), plain.visible_lines(), "{fragment}");
        if bad.crash_view_shown() {
            // The run's lines (`line-3`), no other stack's (`line-1MiB-3`).
            assert!(bad.visible_lines().iter().all(|(id, _)| !id.contains("iB")), "{fragment}");
        } else {
            for record in records.iter().filter(|r| r["status"] == "measured") {
                let id = key(record);
                assert_eq!(depth_cell(bad.row_html(&id)), depth_cell(plain.row_html(&id)), "{fragment} {id}");
            }
        }
    }
}

/// What the badge check reads of every badge on the page after it loaded: its classes, text,
/// computed colours and box, and the page's own background and colour scheme.
const BADGE_PROBE: &str = r#"<script>
window.addEventListener("load", () => {
  const badges = [...document.querySelectorAll(".badge")].map(b => {
    const style = getComputedStyle(b), box = b.getBoundingClientRect();
    return { class: b.className, text: b.textContent.trim(), color: style.color, background: style.backgroundColor,
      width: box.width, height: box.height, visibility: style.visibility, opacity: style.opacity };
  });
  document.documentElement.setAttribute("data-badges", JSON.stringify({
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    page: getComputedStyle(document.body).backgroundColor, badges }));
});
</script>"#;

/// `rgb(r, g, b)` or `rgba(r, g, b, a)`: its channels and alpha.
fn rgba(css: &str) -> ([f64; 3], f64) {
    let inner =
        css.split('(').nth(1).and_then(|rest| rest.split(')').next()).unwrap_or_else(|| panic!("{css}"));
    let parts: Vec<f64> = inner.split(',').map(|part| part.trim().parse().unwrap()).collect();
    ([parts[0], parts[1], parts[2]], parts.get(3).copied().unwrap_or(1.0))
}

/// WCAG's contrast ratio of two colours.
fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let luminance = |c: [f64; 3]| {
        let linear = |v: f64| {
            let v = v / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Every outcome word of the vocabulary has a badge that shows (#54): in the light and the dark
/// theme, at 1,400 and 420 px, its computed text colour has 4.5:1 or more against its computed
/// background, which is opaque and stands out from the page's. Checked on a badge of each class
/// as the table renders it (added to the page) and on every badge the committed results show.
#[test]
fn every_outcome_word_has_a_visible_badge_in_both_themes() {
    use nestprobe::report::model::class::Class;
    let Some(chromium) = chromium_or_skip() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = render_page(dir.path(), &committed_results());
    let each: String = Class::ALL
        .iter()
        .map(|class| format!("<span class=\"badge o-{}\">{}</span> ", class.key(), class.text()))
        .collect();
    let html = fs::read_to_string(&page).unwrap();
    let probed =
        html.replacen("</body>", &format!("<p id=\"every-badge\">{each}</p>{BADGE_PROBE}</body>"), 1);
    fs::write(&page, probed).unwrap();
    for (theme, scheme) in [
        ("light", "--blink-settings=preferredColorScheme=1"),
        ("dark", "--blink-settings=preferredColorScheme=0"),
    ] {
        for width in [1400, 420] {
            let window = format!("--window-size={width},900");
            let dump = dump_as(&chromium, &page, "", &[&window, scheme]);
            dump.assert_clean(theme);
            let read: Value =
                serde_json::from_str(&dump.root_attribute("data-badges").expect("the probe ran")).unwrap();
            assert_eq!(read["dark"], theme == "dark", "{theme}: the colour scheme was not applied");
            let (page_colour, _) = rgba(read["page"].as_str().unwrap());
            let badges = read["badges"].as_array().unwrap();
            for class in Class::ALL {
                let name = format!("o-{}", class.key());
                let of_class: Vec<&Value> = badges
                    .iter()
                    .filter(|b| b["class"].as_str().unwrap().split(' ').any(|c| c == name))
                    .filter(|b| b["width"].as_f64().unwrap() > 0.0)
                    .collect();
                assert!(!of_class.is_empty(), "{theme} {width}px: no badge shows {}", class.text());
                for badge in of_class {
                    let what = format!("{theme} {width}px, {}: {badge}", class.text());
                    let (text, _) = rgba(badge["color"].as_str().unwrap());
                    let (background, alpha) = rgba(badge["background"].as_str().unwrap());
                    assert!(alpha > 0.99, "transparent: {what}");
                    assert!(
                        badge["height"].as_f64().unwrap() > 8.0 && badge["visibility"] == "visible",
                        "{what}"
                    );
                    assert!(badge["opacity"] == "1" && !badge["text"].as_str().unwrap().is_empty(), "{what}");
                    assert!(
                        contrast(text, background) >= 4.5,
                        "text contrast {:.2}: {what}",
                        contrast(text, background)
                    );
                    assert!(
                        contrast(background, page_colour) >= 2.0,
                        "against the page {:.2}: {what}",
                        contrast(background, page_colour)
                    );
                }
            }
        }
    }
}
