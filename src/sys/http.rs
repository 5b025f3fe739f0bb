//! One HTTP/1.1 request on a fresh connection, and what came of it down to the byte: whether the
//! whole body went out before the server closed the connection (a size cap refuses a body before
//! any parser sees it), the status line, the head of the answer, or no answer in time.
//!
//! Not an HTTP client crate: a service trial must see where the exchange stopped (a client hides a
//! reset during the upload behind one error, and pools or retries connections), and it needs only
//! one request with a Content-Length on a connection of its own. The answer is parsed by
//! `httparse`.

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nix::poll::{poll, PollFd, PollFlags};

use crate::sys::process::poll_timeout;

/// Bytes of an answer's body kept from its start, and from its end (the rest is read and dropped).
const BODY_HEAD_BYTES: usize = 2048;
const BODY_TAIL_BYTES: usize = 2048;
/// Bytes of headers an answer may have before it is taken as garbage.
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// A request to send.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    pub method: &'a str,
    /// `host:port` for the Host header.
    pub host: &'a str,
    pub path: &'a str,
    pub content_type: &'a str,
    pub body: &'a [u8],
}

/// What came of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// An answer with this status: the head of its body (and its tail, after ` … `, when the body
    /// is longer than both).
    Answered { status: u16, body: String, sent_whole_body: bool },
    /// The connection ended without an answer; whether the whole body had been sent by then, and
    /// how it ended (`reset`, `closed`).
    Closed { sent_whole_body: bool, how: String },
    /// No (complete) answer by the deadline.
    NoAnswer,
    /// Nobody accepted the connection: what connect said.
    Refused(String),
}

impl Exchange {
    /// The status of an answer, if there was one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Exchange::Answered { status, .. } => Some(*status),
            _ => None,
        }
    }
}

/// How often a moving deadline is asked again while the answer is awaited.
const DEADLINE_CHECK: Duration = Duration::from_millis(25);

/// Sends `request` to `address` on a new connection and reads the answer, all by `deadline`.
pub fn exchange(address: SocketAddr, request: &Request, deadline: Instant) -> Result<Exchange> {
    exchange_by(address, request, &mut |_| deadline)
}

/// [`exchange`] with a deadline that may move while the answer is awaited: `deadline(now)` is
/// asked again every DEADLINE_CHECK (a server's own time: src/sys/monitor.rs, `RequestClock`).
pub fn exchange_by(
    address: SocketAddr,
    request: &Request,
    deadline: &mut dyn FnMut(Instant) -> Instant,
) -> Result<Exchange> {
    let now = Instant::now();
    let left = deadline(now).saturating_duration_since(now).max(Duration::from_millis(1));
    let stream = match TcpStream::connect_timeout(&address, left) {
        Ok(stream) => stream,
        Err(error) if error.kind() == io::ErrorKind::TimedOut => return Ok(Exchange::NoAnswer),
        Err(error) => return Ok(Exchange::Refused(error.to_string())),
    };
    stream.set_nodelay(true).context("setting TCP_NODELAY")?;
    stream.set_nonblocking(true).context("making a socket non-blocking")?;
    let mut conversation = Conversation::new(stream, head(request), request.body);
    conversation.run(deadline)
}

/// The request line and headers.
fn head(request: &Request) -> Vec<u8> {
    format!(
        "{} {} HTTP/1.1\r\nHost: {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nAccept: */*\r\n\
         Connection: close\r\nUser-Agent: nestprobe\r\n\r\n",
        request.method,
        request.path,
        request.host,
        request.content_type,
        request.body.len()
    )
    .into_bytes()
}

/// One connection's upload and download, served together: a server may answer (413) and close
/// while the body is still going out.
struct Conversation<'a> {
    stream: TcpStream,
    head: Vec<u8>,
    body: &'a [u8],
    /// Bytes of head + body written.
    sent: usize,
    /// Writing failed (the server closed or reset the connection).
    write_failed: Option<io::ErrorKind>,
    received: Vec<u8>,
    /// The answer's body bytes seen beyond what `received` keeps.
    dropped: usize,
    /// The last bytes read.
    tail: std::collections::VecDeque<u8>,
}

impl<'a> Conversation<'a> {
    fn new(stream: TcpStream, head: Vec<u8>, body: &'a [u8]) -> Conversation<'a> {
        let (received, tail) = (Vec::new(), std::collections::VecDeque::new());
        Conversation { stream, head, body, sent: 0, write_failed: None, received, dropped: 0, tail }
    }

    fn total(&self) -> usize {
        self.head.len() + self.body.len()
    }

    fn sent_whole_body(&self) -> bool {
        self.sent == self.total()
    }

    fn run(&mut self, deadline: &mut dyn FnMut(Instant) -> Instant) -> Result<Exchange> {
        loop {
            if let Some(answer) = self.complete_answer()? {
                return Ok(answer);
            }
            let now = Instant::now();
            let left = deadline(now).saturating_duration_since(now);
            if left.is_zero() {
                return Ok(Exchange::NoAnswer);
            }
            let writing = !self.sent_whole_body() && self.write_failed.is_none();
            let mut fds = vec![PollFd::new(self.stream.as_fd(), PollFlags::POLLIN)];
            if writing {
                fds.push(PollFd::new(self.stream.as_fd(), PollFlags::POLLOUT));
            }
            match poll(&mut fds, poll_timeout(left.min(DEADLINE_CHECK))) {
                Ok(_) => {}
                Err(nix::errno::Errno::EINTR) => continue,
                Err(error) => return Err(error).context("waiting for a service's answer"),
            }
            let ready = |fd: &PollFd| fd.revents().is_some_and(|r| !r.is_empty());
            let readable = ready(&fds[0]);
            let writable = writing && ready(&fds[1]);
            drop(fds);
            if writable {
                self.write_some();
            }
            if readable {
                if let Some(ended) = self.read_some()? {
                    return Ok(ended);
                }
            }
        }
    }

    /// Writes what the socket takes now.
    fn write_some(&mut self) {
        while !self.sent_whole_body() {
            let chunk = if self.sent < self.head.len() {
                &self.head[self.sent..]
            } else {
                &self.body[self.sent - self.head.len()..]
            };
            match self.stream.write(chunk) {
                Ok(0) => {
                    self.write_failed = Some(io::ErrorKind::WriteZero);
                    return;
                }
                Ok(n) => self.sent += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.write_failed = Some(e.kind());
                    return;
                }
            }
        }
        // Nothing more to say: the server sees the end of the request.
        let _ = self.stream.flush();
    }

    /// Reads what has arrived; the exchange's end when the connection ended.
    fn read_some(&mut self) -> Result<Option<Exchange>> {
        let mut buf = [0u8; 16 * 1024];
        loop {
            match self.stream.read(&mut buf) {
                Ok(0) => return self.ended("closed").map(Some),
                Ok(n) => {
                    if self.received.len() < MAX_HEAD_BYTES + BODY_HEAD_BYTES {
                        self.received.extend_from_slice(&buf[..n]);
                    } else {
                        self.dropped += n;
                        self.tail.extend(&buf[..n]);
                        let excess = self.tail.len().saturating_sub(BODY_TAIL_BYTES);
                        self.tail.drain(..excess);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(None),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::ConnectionReset => return self.ended("reset").map(Some),
                Err(e) => return Err(e).context("reading a service's answer"),
            }
        }
    }

    /// The connection ended: the answer it carried, or none.
    fn ended(&self, how: &str) -> Result<Exchange> {
        match self.parsed()? {
            Some((status, body_at, _)) => Ok(self.answered(status, body_at)),
            None => Ok(Exchange::Closed { sent_whole_body: self.sent_whole_body(), how: how.to_string() }),
        }
    }

    /// The answer, once its head and its whole body (by Content-Length) have arrived.
    fn complete_answer(&self) -> Result<Option<Exchange>> {
        let Some((status, body_at, length)) = self.parsed()? else { return Ok(None) };
        let have = self.received.len() - body_at + self.dropped;
        match length {
            Some(length) if have >= length => Ok(Some(self.answered(status, body_at))),
            _ => Ok(None),
        }
    }

    fn answered(&self, status: u16, body_at: usize) -> Exchange {
        let end = self.received.len().min(body_at + BODY_HEAD_BYTES);
        let mut body = String::from_utf8_lossy(&self.received[body_at..end]).into_owned();
        if self.dropped > 0 {
            let tail: Vec<u8> = self.tail.iter().copied().collect();
            body = format!("{body} … {}", String::from_utf8_lossy(&tail));
        }
        Exchange::Answered { status, body, sent_whole_body: self.sent_whole_body() }
    }

    /// The status, where the body starts and its Content-Length, once the head is complete (an
    /// interim 1xx answer is skipped).
    fn parsed(&self) -> Result<Option<(u16, usize, Option<usize>)>> {
        let mut at = 0;
        loop {
            let mut headers = [httparse::EMPTY_HEADER; 64];
            let mut response = httparse::Response::new(&mut headers);
            let head_len = match response.parse(&self.received[at..]) {
                Ok(httparse::Status::Complete(len)) => len,
                Ok(httparse::Status::Partial) if self.received.len() - at > MAX_HEAD_BYTES => {
                    bail!("a service's answer has a head over {MAX_HEAD_BYTES} bytes")
                }
                Ok(httparse::Status::Partial) => return Ok(None),
                Err(error) => bail!("a service answered with something that is not HTTP: {error}"),
            };
            let status = response.code.unwrap_or(0);
            if (100..200).contains(&status) {
                at += head_len;
                continue;
            }
            let length = response
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case("content-length"))
                .and_then(|h| std::str::from_utf8(h.value).ok()?.trim().parse().ok());
            return Ok(Some((status, at + head_len, length)));
        }
    }
}

/// An answer's body as a reader sees it: where it is HTML (a framework's error page), its text —
/// tags, comments, scripts and styles dropped, the common entities decoded, one line per run of
/// text, the first being its first meaningful words (`500 Internal Server Error`, not
/// `<!doctype html>`); any other body as it is, trimmed. Hand-written rather than an HTML parser
/// crate: it reads a 2 KiB head for its first words, and a cut tag at its end is merely dropped.
pub fn readable_text(body: &str) -> String {
    let trimmed = body.trim();
    if !trimmed.starts_with('<') {
        return trimmed.to_string();
    }
    let mut lines: Vec<String> = Vec::new();
    let mut rest = trimmed;
    let mut text = String::new();
    while !rest.is_empty() {
        match rest.find('<') {
            Some(0) => {
                let lower = rest.get(..8).unwrap_or(rest).to_ascii_lowercase();
                let skip_to = match () {
                    _ if rest.starts_with("<!--") => rest.find("-->").map(|at| at + 3),
                    _ if lower.starts_with("<script") => close_of(rest, "</script"),
                    _ if lower.starts_with("<style") => close_of(rest, "</style"),
                    _ => rest.find('>').map(|at| at + 1),
                };
                let name: String = rest[1..]
                    .trim_start_matches('/')
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect::<String>()
                    .to_ascii_lowercase();
                rest = skip_to.map_or("", |at| &rest[at..]);
                // Words in a line stay a line; any other tag ends one.
                match INLINE.contains(&name.as_str()) {
                    true => text.push(' '),
                    false => push_line(&mut lines, &mut text),
                }
            }
            Some(at) => {
                text.push_str(&rest[..at]);
                rest = &rest[at..];
            }
            None => {
                text.push_str(rest);
                rest = "";
            }
        }
    }
    push_line(&mut lines, &mut text);
    lines.join("\n")
}

/// Tags that sit inside a line of text.
const INLINE: &[&str] = &["a", "b", "i", "em", "strong", "code", "span", "tt", "kbd", "small", "abbr"];

/// Where the element `rest` opens ends: past its closing tag `close` (`</script`).
fn close_of(rest: &str, close: &str) -> Option<usize> {
    let at = rest.to_ascii_lowercase().find(close)?;
    rest[at..].find('>').map(|end| at + end + 1)
}

/// A run of text between tags, its whitespace collapsed and entities decoded, as a line.
fn push_line(lines: &mut Vec<String>, text: &mut String) {
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let decoded = words
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    if !decoded.trim().is_empty() {
        lines.push(decoded.trim().to_string());
    }
    text.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn serve_once(answer: &'static [u8], read_first: usize) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut buf = vec![0u8; read_first];
            let _ = stream.read_exact(&mut buf);
            let _ = stream.write_all(answer);
        });
        address
    }

    fn request(body: &[u8]) -> Request<'_> {
        Request { method: "POST", host: "127.0.0.1", path: "/parse", content_type: "application/json", body }
    }

    #[test]
    fn an_answer_is_read_by_its_content_length() {
        // The server reads the whole request before it answers and closes: closing with a part
        // unread resets the connection, and the rest of the body may then not go out.
        let request = request(b"[[]]");
        let whole = head(&request).len() + request.body.len();
        let address = serve_once(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", whole);
        let answer = exchange(address, &request, Instant::now() + Duration::from_secs(5)).unwrap();
        assert_eq!(answer, Exchange::Answered { status: 200, body: "ok".into(), sent_whole_body: true });
    }

    #[test]
    fn an_early_refusal_of_a_big_body_is_seen_as_such() {
        let address = serve_once(b"HTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\n\r\n", 100);
        let body = vec![b'['; 8 << 20];
        let answer = exchange(address, &request(&body), Instant::now() + Duration::from_secs(5)).unwrap();
        match answer {
            Exchange::Answered { status: 413, sent_whole_body: false, .. } => {}
            Exchange::Closed { sent_whole_body: false, .. } => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_html_error_page_reads_as_its_text() {
        let flask = "<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n\
                     <style>h1 { color: red }</style><!-- x -->\n<h1>Internal Server Error</h1>\n\
                     <p>The server &amp; its <b>parser</b> failed.</p>";
        assert_eq!(
            readable_text(flask),
            "500 Internal Server Error\nInternal Server Error\nThe server & its parser failed."
        );
        assert_eq!(readable_text("  RecursionError: too deep \n"), "RecursionError: too deep");
        assert_eq!(readable_text("<html><body><p>cut at the end</p><di"), "cut at the end");
    }

    #[test]
    fn silence_is_no_answer_and_nobody_listening_is_refused() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let answer = exchange(address, &request(b"[]"), Instant::now() + Duration::from_millis(200)).unwrap();
        assert_eq!(answer, Exchange::NoAnswer);
        drop(listener);
        let answer = exchange(address, &request(b"[]"), Instant::now() + Duration::from_secs(1)).unwrap();
        assert!(matches!(answer, Exchange::Refused(_)), "{answer:?}");
    }
}
