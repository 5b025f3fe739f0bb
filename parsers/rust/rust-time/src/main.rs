// Reads all of stdin, then time::OffsetDateTime::parse(text, &Rfc2822), the whole input as the
// date-time (a mail header's, comments allowed wherever white space is); exit 0 when it parsed. The
// returned error is the error line (exit 1); a stack overflow aborts (SIGABRT) as it would. Input,
// phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, Takes};

use time::format_description::well_known::Rfc2822;
use time::OffsetDateTime;

fn main() {
    let data = protocol::input(Takes::Nothing);
    let text = protocol::text(&data);
    match OffsetDateTime::parse(text, &Rfc2822) {
        Ok(date) => {
            protocol::parsed();
            std::hint::black_box(date);
        }
        Err(e) => fail("time::error::Parse", &e.to_string()),
    }
    protocol::finished();
}
