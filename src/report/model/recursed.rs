//! The function that recursed, from where a crash happened: the repeating frames without the
//! allocator's or the abort's, their names without a debugger's noise.

use crate::results::crash_site::CrashSite;

/// The function that recursed: the repeating frames (outermost first) without the allocator's or
/// the abort's, with their names cleaned; else the innermost frame; else `not located`.
pub fn function(site: Option<&CrashSite>) -> String {
    located(site).unwrap_or_else(|| "not located".into())
}

/// [`function`], `None` where it is not located.
pub fn located(site: Option<&CrashSite>) -> Option<String> {
    let site = site?;
    let clean = |name: &String| if site.printed_by_runtime { name.clone() } else { clean_name(name) };
    // (Noise is told by the raw name too: cleaning leaves `operator new` as `new`.)
    let kept = |names: &[String]| -> Vec<String> {
        let real = names.iter().filter(|n| n.as_str() != "??" && !is_noise(n));
        real.map(clean).filter(|n| !n.is_empty() && !is_noise(n)).collect()
    };
    let cycle = kept(&site.cycle);
    if !cycle.is_empty() {
        let mut unique: Vec<String> = Vec::new();
        for name in cycle {
            if !unique.contains(&name) {
                unique.push(name);
            }
        }
        return Some(unique.join(" → "));
    }
    match kept(&site.frames).first() {
        Some(innermost) if site.unknown.is_none() => {
            Some(format!("{innermost} (innermost; no recursion seen)"))
        }
        _ => None,
    }
}

/// Frames of the allocator, of `abort` and of signals: where a crash lands, not what recursed.
fn is_noise(name: &str) -> bool {
    const NOISE: &[&str] = &[
        "malloc",
        "calloc",
        "realloc",
        "free",
        "cfree",
        "kill",
        "abort",
        "raise",
        "pthread_kill",
        "pthread_kill_implementation",
        "pthread_kill_internal",
        "int_malloc",
        "int_free",
        "malloc_consolidate",
        "operator new",
        "operator delete",
    ];
    // glibc's internal aliases: `__GI___libc_malloc`, `__libc_free`; C++'s parameter types.
    let mut bare = name.split('(').next().unwrap_or(name).trim();
    loop {
        let stripped = bare.trim_start_matches('_');
        let stripped = ["GI_", "libc_"].iter().find_map(|p| stripped.strip_prefix(p)).unwrap_or(stripped);
        if stripped == bare {
            break;
        }
        bare = stripped;
    }
    NOISE.contains(&bare)
}

/// A debugger's name without its noise: the return type, template arguments and parameter types of
/// a C++ name, the `<T as Trait>` wrapper and the `::h0123…` hash of a Rust one.
pub fn clean_name(name: &str) -> String {
    let name = name.trim();
    // Rust's `<X as Trait>::method` is X's method.
    if let Some(rest) = name.strip_prefix('<') {
        if let Some(close) = matching_close(rest) {
            let inner = &rest[..close];
            let own = top_level_as(inner).map_or(inner, |at| &inner[..at]);
            let own = own.trim_start_matches("&mut ").trim_start_matches('&');
            return clean_name(&format!("{own}{}", &rest[close + 1..]));
        }
    }
    let mut short = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '<' if !short.ends_with("operator") => depth += 1,
            '>' if depth > 0 => depth -= 1,
            '(' if depth == 0 && !short.ends_with("operator") => break,
            _ if depth == 0 => short.push(c),
            _ => {}
        }
    }
    // The return type stands before the name, at the top level; an `<impl … for …>` left `::::`.
    let short = short.rsplit(' ').next().unwrap_or(&short).replace("::::", "::");
    without_hash(&short).to_string()
}

/// Where ` as ` stands outside any `<…>` in `text`.
fn top_level_as(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 && text[at..].starts_with(" as ") => return Some(at),
            _ => {}
        }
    }
    None
}

/// The index of the `>` that closes an opened `<` at the start of `text`.
fn matching_close(text: &str) -> Option<usize> {
    let mut depth = 1usize;
    for (at, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// `parse::h0123456789abcdef` → `parse`.
fn without_hash(name: &str) -> &str {
    match name.rsplit_once("::h") {
        Some((head, hash)) if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) => head,
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_hashes_templates_return_types_and_trait_wrappers() {
        assert_eq!(
            clean_name("sonic_rs::parser::Parser<R>::parse_array::hd00add90da7fa209"),
            "sonic_rs::parser::Parser::parse_array"
        );
        assert_eq!(
            clean_name("<&mut json5::de::Deserializer as serde_core::de::Deserializer>::deserialize_seq::h7d2d6239682e133a"),
            "json5::de::Deserializer::deserialize_seq"
        );
        assert_eq!(
            clean_name("void rapidjson::GenericReader<rapidjson::UTF8<char>, A>::ParseArray<0u, S>(S&, H&)"),
            "rapidjson::GenericReader::ParseArray"
        );
        assert_eq!(clean_name("yajl_tree_free"), "yajl_tree_free");
        assert_eq!(
            clean_name("<<toml::value::Value as serde::Deserialize>::deserialize::ValueVisitor as serde::Visitor>::visit_seq::h918dedce7152ce0f"),
            "toml::value::Value::deserialize::ValueVisitor::visit_seq"
        );
        assert_eq!(
            clean_name("serde_json::value::de::<impl serde::Deserialize for serde_json::Value>::deserialize"),
            "serde_json::value::de::deserialize"
        );
        assert_eq!(
            clean_name("tinyjson::parser::JsonParser<I>::parse_any::hzz"),
            "tinyjson::parser::JsonParser::parse_any::hzz"
        );
    }

    #[test]
    fn the_function_is_the_repeating_frame_not_the_allocator() {
        let site =
            |frames: &str| CrashSite::from_frames(frames.split_whitespace().map(String::from).collect());
        assert_eq!(function(Some(&site("malloc value array value array value array"))), "array → value");
        assert_eq!(function(Some(&site("_int_free free __libc_free free free free"))), "not located");
        assert_eq!(function(Some(&site("__GI___libc_malloc grow"))), "grow (innermost; no recursion seen)");
        let new = CrashSite::from_frames(vec!["operator new(unsigned long)".into(), "grow".into()]);
        assert_eq!(function(Some(&new)), "grow (innermost; no recursion seen)");
        assert_eq!(
            function(Some(&site("__GI_raise abort yajl_tree_free"))),
            "yajl_tree_free (innermost; no recursion seen)"
        );
        assert_eq!(function(Some(&site("yajl_tree_free yajl_tree_free yajl_tree_free"))), "yajl_tree_free");
        assert_eq!(function(Some(&CrashSite::unknown("no debugger"))), "not located");
        assert_eq!(function(None), "not located");
    }
}
