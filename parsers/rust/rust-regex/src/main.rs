// Reads all of stdin, then regex::Regex::new(pattern) (the regex crate's defaults: nest_limit 250,
// size_limit and dfa_size_limit as documented), the whole input as the pattern; phase `run` matches
// it against the subject "a" (is_match: a match or none is exit 0). The returned Err is the error
// line (exit 1): its `error:` line, the reason (the message also repeats the pattern, which would
// fill the 200 characters); a stack overflow aborts (SIGABRT) as it would. Input, phases and exit
// statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

/// The reason in a regex::Error's text: its `error: …` line (a syntax error), else all of it.
fn reason(e: &regex::Error) -> String {
    let text = e.to_string();
    match text.lines().rev().find(|line| line.starts_with("error: ")) {
        Some(line) => line["error: ".len()..].to_string(),
        None => text,
    }
}

fn main() {
    let data = protocol::language_input();
    let source = protocol::text(&data);
    match regex::Regex::new(source) {
        Ok(re) => {
            protocol::compiled();
            std::hint::black_box(protocol::run!(re.is_match("a")));
            drop(re);
        }
        Err(e) => fail("regex::Error", &reason(&e)),
    }
    protocol::finished();
}
