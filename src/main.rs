use fortunes::cancel::INTERRUPTED;
use fortunes::cli::Outcome;
use fortunes::error::ErrorKind;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Ctrl-C or SIGTERM: ask the run to stop at its next batch, so it can
/// remove its temporary files; a second signal ends the process at once.
extern "C" fn on_signal(_: libc::c_int) {
    if INTERRUPTED.swap(true, Ordering::SeqCst) {
        // Only async-signal-safe calls here.
        unsafe { libc::_exit(130) };
    }
}

fn main() -> ExitCode {
    let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to an atomic and calls _exit, both
    // async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
    let matches = match fortunes::cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(error) => {
            // --help and --version are successes; usage errors exit 2.
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    match fortunes::cli::execute(&matches) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::BalanceMoved) => ExitCode::from(1),
        Ok(Outcome::BadInput) => ExitCode::from(2),
        Err(error) => {
            fortunes::output::warn(format_args!("fortunes: error: {error}"));
            match error.kind() {
                ErrorKind::Interrupted => ExitCode::from(130),
                _ => ExitCode::from(2),
            }
        }
    }
}
