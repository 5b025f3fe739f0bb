//! The outcome words every output uses, each defined once with its meaning for the glossary.

/// The outcome words every output uses (terminal, README, results.md, charts, badges, the Action's
/// `fail-on`), each defined once here with its meaning for the glossary. Time is said one way:
/// `exhausts time`, never "timeout" or "slow".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Crash,
    CleanError,
    ExhaustsTime,
    ExhaustsMemory,
    NoLimit,
    Flattened,
    Unstable,
    InputNotRead,
    ShapeNotSupported,
    AcceptsInvalidInput,
    WrongAnswer,
    ServiceDied,
    WorkerDied,
    ServerError,
    RefusedBySize,
    Unresponsive,
    UndeclaredStatus,
}

impl Word {
    /// Every word, in the glossary's order.
    pub const ALL: [Word; 17] = [
        Word::Crash,
        Word::CleanError,
        Word::ExhaustsTime,
        Word::ExhaustsMemory,
        Word::NoLimit,
        Word::Flattened,
        Word::Unstable,
        Word::InputNotRead,
        Word::ShapeNotSupported,
        Word::AcceptsInvalidInput,
        Word::WrongAnswer,
        Word::ServiceDied,
        Word::WorkerDied,
        Word::ServerError,
        Word::RefusedBySize,
        Word::Unresponsive,
        Word::UndeclaredStatus,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Word::Crash => "crash",
            Word::CleanError => "clean error",
            Word::ExhaustsTime => "exhausts time",
            Word::ExhaustsMemory => "exhausts memory",
            Word::NoLimit => "no limit",
            Word::Flattened => "flattened",
            Word::Unstable => "unstable",
            Word::InputNotRead => "input not read",
            Word::ShapeNotSupported => "shape not supported",
            Word::AcceptsInvalidInput => "accepts invalid input",
            Word::WrongAnswer => "wrong answer",
            Word::ServiceDied => "service died",
            Word::WorkerDied => "worker died",
            Word::ServerError => "server error",
            Word::RefusedBySize => "refused by size",
            Word::Unresponsive => "unresponsive",
            Word::UndeclaredStatus => "undeclared exit status",
        }
    }

    /// The word as a command-line value: `exhausts-time`.
    pub fn flag(self) -> String {
        self.text().replace(' ', "-")
    }

    /// What the word means, in one sentence for the glossary.
    pub fn meaning(self) -> &'static str {
        match self {
            Word::Crash => {
                "the process lost control: killed by a signal (a stack overflow's SIGSEGV, an abort), a \
                 runtime's fatal error, or another abnormal exit status; a denial of service"
            }
            Word::CleanError => {
                "the library reported an error (exit status 1, or a status its row declares as its \
                 error) and the process stayed in control"
            }
            Word::ExhaustsTime => {
                "it did not finish in time (also with a longer timeout): a cost, not a crash"
            }
            Word::ExhaustsMemory => {
                "it outgrew the resident-memory cap (or its address-space limit): a cost, not a crash"
            }
            Word::NoLimit => "it accepted every depth up to the maximum tried",
            Word::Flattened => {
                "it accepted every depth tried but built fewer levels than were nested (a renderer \
                 capping nesting)"
            }
            Word::Unstable => "outcomes disagreed between runs at the same depth: no exact number",
            Word::InputNotRead => "it exited 0 without reading its whole input: no number",
            Word::ShapeNotSupported => {
                "the library rejects this nesting at any depth (one that rejects the format's main nesting is measured in the next one it parses, its depth followed by that nesting's name: `in :is()`)"
            }
            Word::AcceptsInvalidInput => "it accepted input that never closes its nesting (`unclosed`)",
            Word::WrongAnswer => {
                "it answered valid input wrongly and said no error (a JSON function calling valid JSON \
                 invalid): the mirror of accepting invalid input, never a clean error"
            }
            Word::ServiceDied => {
                "a service's server process ended on the request (a signal, a runtime's fatal error such \
                 as Go's stack overflow): a crash; the service is gone until something restarts it"
            }
            Word::WorkerDied => {
                "a process the service forked (a pre-forked worker) was killed by the request while the \
                 service lived on and answered again: a crash, named apart"
            }
            Word::ServerError => {
                "the service answered 5xx (or closed the connection without an answer) and lived on: \
                 neither a crash nor a clean error"
            }
            Word::RefusedBySize => {
                "the service refused the body by its size (413, or closed before reading it) before any \
                 parser saw it: a limit, but not on nesting"
            }
            Word::Unresponsive => {
                "the service lived on but answered no valid request afterwards: a denial of service \
                 without a crash"
            }
            Word::UndeclaredStatus => {
                "`probe` of a command that keeps no protocol: it exited with a status it did not declare \
                 as its error, with no signal and no runtime's fatal message; neither a crash nor a clean \
                 error until `--error-status` declares it (catalog rows keep the protocol: there it is a crash)"
            }
        }
    }
}

/// A clean error's words: `clean error`, or for a limit on a count rather than on nesting (V8's
/// "Too many captures"), `clean error (captures)`: the one place a clean error is worded as what
/// it limits.
pub fn clean_error(count: Option<&str>) -> String {
    match count {
        Some(count) => format!("{} ({count})", Word::CleanError.text()),
        None => Word::CleanError.text().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_is_distinct_and_time_is_said_one_way() {
        let texts: Vec<&str> = Word::ALL.iter().map(|w| w.text()).collect();
        let mut unique = texts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), texts.len());
        assert!(texts.iter().all(|t| !t.contains("timeout") && !t.contains("slow")), "{texts:?}");
        assert_eq!(Word::ExhaustsMemory.flag(), "exhausts-memory");
        assert_eq!(clean_error(None), "clean error");
        assert_eq!(clean_error(Some("captures")), "clean error (captures)");
    }
}
