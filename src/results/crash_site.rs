//! Where a crash happened: the innermost frames of the failing depth run once more under a
//! debugger, and the cycle of functions that repeats below them (the recursion to fix).

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
}

/// Frames looked at for a cycle: those before it (the crash point in the allocator, say) and at
/// least three turns of it.
const MAX_LEAD: usize = 6;
const MAX_PERIOD: usize = 8;
const TURNS: usize = 3;

impl CrashSite {
    /// From a debugger's backtrace, innermost frame first.
    pub fn from_frames(frames: Vec<String>) -> CrashSite {
        if frames.is_empty() {
            return CrashSite { unknown: Some("the debugger saw no crash".into()), ..CrashSite::default() };
        }
        if frames.iter().all(|f| f == "??") {
            return CrashSite { frames, unknown: Some("no symbols".into()), ..CrashSite::default() };
        }
        let cycle = find_cycle(&frames);
        CrashSite { frames, cycle, unknown: None }
    }

    pub fn unknown(why: impl Into<String>) -> CrashSite {
        CrashSite { unknown: Some(why.into()), ..CrashSite::default() }
    }

    /// In a few words: `parse_array (recursing)`, `dump → dump_value (recursing)`, or the innermost
    /// function, or why it is not known.
    pub fn summary(&self) -> String {
        if !self.cycle.is_empty() {
            let names: Vec<String> = self.cycle.iter().map(|name| without_template_arguments(name)).collect();
            return format!("{} (recursing)", names.join(" → "));
        }
        match (self.frames.first(), &self.unknown) {
            (_, Some(why)) => format!("unknown: {why}"),
            (Some(innermost), None) => without_template_arguments(innermost),
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
}
