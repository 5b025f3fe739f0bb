//! Where a crash happened: the innermost frames of the failing depth run once more under a
//! debugger, or the frames a managed runtime printed itself when it gave up (Go's fatal stack
//! overflow, an uncaught Java, .NET, JavaScript or Python error); and the cycle of functions that
//! repeats below them (the recursion to fix).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrashSite {
    /// Function names of the innermost frames, innermost first (`??` where there is no symbol).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<String>,
    /// The functions that repeat below them, outermost call first; empty when none repeats.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cycle: Vec<String>,
    /// Why there are no frames to show (no debugger, no symbols, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
    /// The frames are the ones the program's runtime printed (not a debugger's).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub printed_by_runtime: bool,
}

/// Frames looked at for a cycle: those before it (the crash point in the allocator, say) and at
/// least three turns of it.
const MAX_LEAD: usize = 6;
const MAX_PERIOD: usize = 8;
const TURNS: usize = 3;

/// Why a site is unknown when the program did not crash under the debugger.
const NO_CRASH_SEEN: &str = "the debugger saw no crash";

impl CrashSite {
    /// The program ran to its end under the debugger.
    pub fn saw_no_crash(&self) -> bool {
        self.unknown.as_deref() == Some(NO_CRASH_SEEN)
    }

    /// From a debugger's backtrace, innermost frame first.
    pub fn from_frames(frames: Vec<String>) -> CrashSite {
        if frames.is_empty() {
            return CrashSite { unknown: Some(NO_CRASH_SEEN.into()), ..CrashSite::default() };
        }
        if frames.iter().all(|f| f == "??") {
            return CrashSite { frames, unknown: Some("no symbols".into()), ..CrashSite::default() };
        }
        let cycle = find_cycle(&frames);
        CrashSite { frames, cycle, unknown: None, printed_by_runtime: false }
    }

    /// From what a managed runtime printed when it gave up, if it printed frames.
    pub fn from_runtime_output(stderr: &str) -> Option<CrashSite> {
        let frames = runtime_frames(stderr);
        (frames.len() >= 2).then(|| CrashSite { printed_by_runtime: true, ..CrashSite::from_frames(frames) })
    }

    pub fn unknown(why: impl Into<String>) -> CrashSite {
        CrashSite { unknown: Some(why.into()), ..CrashSite::default() }
    }

    /// In a few words: `parse_array (recursing)`, `dump → dump_value (recursing)`, or the innermost
    /// function, or why it is not known.
    pub fn summary(&self) -> String {
        // A runtime prints plain names (Go's `pkg.(*T).method` has parentheses a C++ name's
        // parameter list would have): only a debugger's names are shortened.
        let short = |name: &String| {
            if self.printed_by_runtime {
                name.clone()
            } else {
                without_template_arguments(name)
            }
        };
        if !self.cycle.is_empty() {
            let names: Vec<String> = self.cycle.iter().map(short).collect();
            return format!("{} (recursing)", names.join(" → "));
        }
        match (self.frames.first(), &self.unknown) {
            (_, Some(why)) => format!("unknown: {why}"),
            (Some(innermost), None) => short(innermost),
            (None, None) => "unknown".into(),
        }
    }
}

/// A C++ name with its template arguments and parameter types left out (`serializer<…>::dump`):
/// they can run to hundreds of characters and are the same at every level.
fn without_template_arguments(name: &str) -> String {
    let mut short = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            // `operator<` and `operator<<` have no matching `>`: keep names that do not balance.
            '<' => {
                if depth == 0 {
                    short.push_str("<…>");
                }
                depth += 1;
            }
            '>' if depth > 0 => depth -= 1,
            // Parameter types (gdb shows them for functions without debug information).
            '(' if depth == 0 && !short.ends_with("operator") => break,
            _ if depth == 0 => short.push(c),
            _ => {}
        }
    }
    if depth == 0 {
        short
    } else {
        name.to_string()
    }
}

/// Function names of the frames a runtime printed, innermost first: the goroutine that overflowed
/// (Go), `at name(…)` lines (Java, .NET, JavaScript), or a Python traceback (printed outermost first).
fn runtime_frames(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    if let Some(start) = lines.iter().position(|l| l.starts_with("goroutine ") && l.ends_with("[running]:")) {
        // Go: a function line, then its tab-indented file line.
        return lines[start + 1..]
            .iter()
            .take_while(|l| !l.is_empty())
            .filter(|l| !l.starts_with('\t') && !l.starts_with("...") && !l.starts_with("created by"))
            .filter_map(|l| without_arguments(l))
            .collect();
    }
    let at: Vec<String> = lines
        .iter()
        .filter_map(|l| l.trim_start().strip_prefix("at "))
        .filter_map(|rest| {
            // Java `pkg.Class.method(File.java:1)`, .NET `Ns.Type.Method (args)`, JavaScript
            // `name (file:1:2)` or a bare `file:1:2` (an anonymous function).
            let name = rest.split(['(', ' ']).next()?.trim();
            (!name.is_empty() && !name.contains('/')).then(|| name.to_string())
        })
        .collect();
    if !at.is_empty() {
        return at;
    }
    let mut python: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            l.trim_start().strip_prefix("File \"")?.rsplit_once(", in ").map(|(_, name)| name.to_string())
        })
        .collect();
    python.reverse();
    python
}

/// `pkg.(*T).method(0xc0, …)` → `pkg.(*T).method`: the call's arguments dropped.
fn without_arguments(line: &str) -> Option<String> {
    let line = line.trim_end();
    if !line.ends_with(')') {
        return None;
    }
    let mut depth = 0usize;
    for (at, c) in line.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    return (at > 0).then(|| line[..at].to_string());
                }
            }
            _ => {}
        }
    }
    None
}

/// The shortest run of functions that repeats at least `TURNS` times after a short lead-in, in call
/// order (outermost first).
fn find_cycle(frames: &[String]) -> Vec<String> {
    for lead in 0..=MAX_LEAD.min(frames.len()) {
        for period in 1..=MAX_PERIOD {
            let rest = &frames[lead..];
            if rest.len() < period * TURNS {
                break;
            }
            if (period..period * TURNS).all(|i| rest[i] == rest[i - period]) {
                let mut cycle: Vec<String> = rest[..period].to_vec();
                cycle.reverse();
                return cycle;
            }
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_repeating_functions_below_the_crash_point_are_the_cycle() {
        let site =
            CrashSite::from_frames(names("malloc grow value array value array value array value array"));
        assert_eq!(site.cycle, ["array", "value"]);
        assert_eq!(site.summary(), "array → value (recursing)");
        let site = CrashSite::from_frames(names("f f f f"));
        assert_eq!(site.summary(), "f (recursing)");
        let site = CrashSite::from_frames(names("a b c d"));
        assert!(site.cycle.is_empty());
        assert_eq!(site.summary(), "a");
        assert_eq!(CrashSite::from_frames(names("?? ??")).summary(), "unknown: no symbols");
        let site =
            CrashSite::from_frames(names("ns::s<a<b>,c>::dump ns::s<a<b>,c>::dump ns::s<a<b>,c>::dump"));
        assert_eq!(site.summary(), "ns::s<…>::dump (recursing)");
    }

    #[test]
    fn the_frames_a_runtime_printed_name_the_recursion() {
        let go = "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n\
                  runtime stack:\nruntime.throw({0x5c, 0xe})\n\t/usr/lib/go/src/runtime/panic.go:1 +0x48\n\n\
                  goroutine 1 [running]:\n\
                  example.com/p.(*parser).value(0xc0, {0x1, 0x2})\n\t/src/p.go:10 +0x1\n\
                  example.com/p.(*parser).array(0xc0)\n\t/src/p.go:20 +0x1\n\
                  example.com/p.(*parser).value(0xc0, {0x1, 0x2})\n\t/src/p.go:10 +0x1\n\
                  example.com/p.(*parser).array(0xc0)\n\t/src/p.go:20 +0x1\n\
                  example.com/p.(*parser).value(0xc0, {0x1, 0x2})\n\t/src/p.go:10 +0x1\n\
                  example.com/p.(*parser).array(...)\n\t/src/p.go:20\n\
                  ...additional frames elided...\n";
        let site = CrashSite::from_runtime_output(go).unwrap();
        assert!(site.printed_by_runtime);
        assert_eq!(site.frames[0], "example.com/p.(*parser).value");
        assert_eq!(
            site.summary(),
            "example.com/p.(*parser).array → example.com/p.(*parser).value (recursing)"
        );

        let java = "java.lang.StackOverflowError\n\tat org.x.JsonParser.readArray(JsonParser.java:139)\n\
                    \tat org.x.JsonParser.readValue(JsonParser.java:53)\n"
            .repeat(3);
        assert_eq!(
            CrashSite::from_runtime_output(&java).unwrap().summary(),
            "org.x.JsonParser.readValue → org.x.JsonParser.readArray (recursing)"
        );
        let node = "RangeError: Maximum call stack size exceeded\n    at walk (/x/a.js:3:9)\n".repeat(4);
        assert_eq!(CrashSite::from_runtime_output(&node).unwrap().summary(), "walk (recursing)");
        let python = "Traceback (most recent call last):\n  File \"/x/p.py\", line 9, in <module>\n\
                      \x20 File \"/x/p.py\", line 3, in nest\n  File \"/x/p.py\", line 3, in nest\n\
                      \x20 File \"/x/p.py\", line 3, in nest\nRecursionError: maximum recursion depth exceeded\n";
        assert_eq!(CrashSite::from_runtime_output(python).unwrap().summary(), "nest (recursing)");
        // A plain error line names no function.
        assert_eq!(CrashSite::from_runtime_output("thread 'main' has overflowed its stack\n"), None);
    }
}
