//! Lines to and from someone who may misbehave: an external agent (its
//! standard output and input), or whoever holds fortunes' own standard
//! input and output (the host of `fortunes agent`, the person at `fortunes
//! play`). Every system reads and writes them through here.
//!
//! A blocking read or write cannot be trusted with any of them: the
//! signal handler restarts an interrupted call (SA_RESTART), so a process
//! blocked on a silent agent or an idle terminal would ignore Ctrl-C and
//! SIGTERM, and a timeout on reads alone lets an agent that never reads
//! its input hang the run once the pipe fills. So each wait is poll(2) in
//! short slices, between which the deadline and the cancellation flag are
//! looked at, and a write never blocks: at most `PIPE_BUF` bytes at a
//! time, each once poll(2) says it fits. A line is bounded, so an agent
//! that prints without a newline, or `< /dev/zero`, meets the bound
//! instead of filling memory.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::time::{Duration, Instant};

/// The longest line read from an agent, a host or a person: far above any
/// message of the protocol (a Piquet `decide` is a few KB, a `hello` with
/// its scenario a few more) or any answer a person types.
pub const MAX_LINE: usize = 1 << 20;

/// The bound as the errors name it.
pub const MAX_LINE_TEXT: &str = "1 MiB";

/// How long a wait goes before it looks at the flag again: Ctrl-C is seen
/// within this.
const SLICE: Duration = Duration::from_millis(50);

/// Why a read or a write did not complete.
#[derive(Debug)]
pub enum Unfinished {
    /// `stop` said so: Ctrl-C, SIGTERM, or a run failing elsewhere.
    Stopped,
    /// The deadline passed first.
    TimedOut,
    /// The other side closed its end: the input ended, or (writing) the
    /// reader went away.
    Closed,
    /// A line longer than `MAX_LINE`.
    TooLong,
    Failed(std::io::Error),
}

impl std::fmt::Display for Unfinished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfinished::Stopped => f.write_str("interrupted"),
            Unfinished::TimedOut => f.write_str("timed out"),
            Unfinished::Closed => f.write_str("closed by the other end"),
            Unfinished::TooLong => write!(f, "a line longer than {MAX_LINE_TEXT}"),
            Unfinished::Failed(e) => write!(f, "{e}"),
        }
    }
}

/// Waits until `fd` is ready for `events` (the next read or write will not
/// block), the deadline passes or `stop` says so.
fn ready(
    fd: BorrowedFd<'_>,
    events: libc::c_short,
    deadline: Option<Instant>,
    stop: fn() -> bool,
) -> Result<(), Unfinished> {
    loop {
        if stop() {
            return Err(Unfinished::Stopped);
        }
        let slice = match deadline {
            None => SLICE,
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(Unfinished::TimedOut);
                }
                left.min(SLICE)
            }
        };
        let mut poll = libc::pollfd {
            fd: fd.as_raw_fd(),
            events,
            revents: 0,
        };
        // Rounded up: a wait of 0 ms with time left would spin.
        let millis = slice.as_micros().div_ceil(1000) as libc::c_int;
        // SAFETY: one valid pollfd, and its count.
        let found = unsafe { libc::poll(&mut poll, 1, millis) };
        if found < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(Unfinished::Failed(error));
        }
        if found > 0 {
            if poll.revents & libc::POLLNVAL != 0 {
                return Err(Unfinished::Failed(std::io::Error::from_raw_os_error(
                    libc::EBADF,
                )));
            }
            // Readable, writable, hung up or in error: the call that
            // follows does not block, and says which.
            return Ok(());
        }
    }
}

/// Writes all of `bytes` to `to` without ever blocking in the write: at
/// most `PIPE_BUF` bytes at a time, each once poll(2) reports room (a pipe
/// that polls writable takes that much at once), so a reader that stops
/// reading costs the deadline, or a Ctrl-C, never a hang. A closed reader
/// (EPIPE) is `Closed`.
pub fn write_all(
    to: impl AsFd,
    mut bytes: &[u8],
    deadline: Option<Instant>,
    stop: fn() -> bool,
) -> Result<(), Unfinished> {
    let fd = to.as_fd();
    while !bytes.is_empty() {
        ready(fd, libc::POLLOUT, deadline, stop)?;
        let chunk = bytes.len().min(libc::PIPE_BUF);
        // SAFETY: `chunk` bytes of a live slice.
        let written = unsafe { libc::write(fd.as_raw_fd(), bytes.as_ptr().cast(), chunk) };
        if written < 0 {
            let error = std::io::Error::last_os_error();
            match error.kind() {
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => continue,
                std::io::ErrorKind::BrokenPipe => return Err(Unfinished::Closed),
                _ => return Err(Unfinished::Failed(error)),
            }
        }
        bytes = &bytes[written as usize..];
    }
    Ok(())
}

/// Lines read from `source`, at most `MAX_LINE` bytes each.
pub struct LineReader<F> {
    source: F,
    /// Bytes read and not yet returned, from `start`.
    buffer: Vec<u8>,
    start: usize,
    /// The source has ended: what is left in the buffer is the last line.
    ended: bool,
}

impl<F: AsFd> LineReader<F> {
    pub fn new(source: F) -> LineReader<F> {
        LineReader {
            source,
            buffer: Vec::new(),
            start: 0,
            ended: false,
        }
    }

    /// The next line, without its newline (a last line without one
    /// counts); `Closed` once the input has ended. Waits until `deadline`
    /// at most (`None`: as long as it takes), and stops when `stop` says so.
    pub fn next_line(
        &mut self,
        deadline: Option<Instant>,
        stop: fn() -> bool,
    ) -> Result<Vec<u8>, Unfinished> {
        let mut scanned = 0;
        loop {
            let pending = &self.buffer[self.start..];
            if let Some(at) = pending[scanned..].iter().position(|&b| b == b'\n') {
                let end = scanned + at;
                if end > MAX_LINE {
                    return Err(Unfinished::TooLong);
                }
                let line = pending[..end].to_vec();
                self.start += end + 1;
                return Ok(line);
            }
            scanned = pending.len();
            if scanned > MAX_LINE {
                return Err(Unfinished::TooLong);
            }
            if self.ended {
                if scanned == 0 {
                    return Err(Unfinished::Closed);
                }
                let line = pending.to_vec();
                self.start = self.buffer.len();
                return Ok(line);
            }
            // Room for the next read: what is pending moves to the front.
            self.buffer.drain(..self.start);
            self.start = 0;
            let fd = self.source.as_fd();
            ready(fd, libc::POLLIN, deadline, stop)?;
            const CHUNK: usize = 64 << 10;
            self.buffer.reserve(CHUNK);
            let spare = self.buffer.spare_capacity_mut();
            // SAFETY: reads into the vector's spare capacity, at most its
            // length, and marks only the bytes read as initialised.
            let read = unsafe {
                libc::read(
                    fd.as_raw_fd(),
                    spare.as_mut_ptr().cast(),
                    spare.len().min(CHUNK),
                )
            };
            if read < 0 {
                let error = std::io::Error::last_os_error();
                match error.kind() {
                    std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => continue,
                    _ => return Err(Unfinished::Failed(error)),
                }
            }
            if read == 0 {
                self.ended = true;
            } else {
                // SAFETY: `read` bytes were just written there.
                unsafe { self.buffer.set_len(self.buffer.len() + read as usize) };
            }
        }
    }
}

/// Never stops: for a reader or writer whose caller has no flag to heed.
pub fn never() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::net::UnixStream;

    #[test]
    fn lines_split_at_newlines_and_the_last_needs_none() {
        let (mut a, b) = UnixStream::pair().unwrap();
        a.write_all(b"one\ntwo\r\n\nthree").unwrap();
        drop(a);
        let mut lines = LineReader::new(b);
        let mut read = Vec::new();
        loop {
            match lines.next_line(None, never) {
                Ok(line) => read.push(String::from_utf8(line).unwrap()),
                Err(Unfinished::Closed) => break,
                Err(other) => panic!("{other:?}"),
            }
        }
        assert_eq!(read, ["one", "two\r", "", "three"]);
    }

    #[test]
    fn a_line_past_the_bound_is_refused_and_a_silent_writer_times_out() {
        let (mut a, b) = UnixStream::pair().unwrap();
        let mut lines = LineReader::new(b);
        let started = Instant::now();
        let waited = lines.next_line(Some(started + Duration::from_millis(120)), never);
        assert!(matches!(waited, Err(Unfinished::TimedOut)), "{waited:?}");
        assert!(started.elapsed() >= Duration::from_millis(120));
        let writer = std::thread::spawn(move || {
            let block = vec![b'x'; 64 << 10];
            // Until the reader stops reading and closes its end.
            while a.write_all(&block).is_ok() {}
        });
        let long = lines.next_line(None, never);
        assert!(matches!(long, Err(Unfinished::TooLong)), "{long:?}");
        // The bound and one read more, with the vector's doubling.
        assert!(
            lines.buffer.capacity() <= 3 * MAX_LINE,
            "{}",
            lines.buffer.capacity()
        );
        drop(lines);
        writer.join().unwrap();
    }

    #[test]
    fn a_write_nobody_reads_times_out_and_a_closed_reader_is_closed() {
        let (a, b) = UnixStream::pair().unwrap();
        let block = vec![b'x'; 8 << 20];
        let started = Instant::now();
        let result = write_all(
            &a,
            &block,
            Some(started + Duration::from_millis(150)),
            never,
        );
        assert!(matches!(result, Err(Unfinished::TimedOut)), "{result:?}");
        drop(b);
        let result = write_all(&a, b"x\n", None, never);
        assert!(matches!(result, Err(Unfinished::Closed)), "{result:?}");
    }
}
