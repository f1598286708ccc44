use fortunes::cancel::INTERRUPTED;
use fortunes::cli::Outcome;
use fortunes::error::ErrorKind;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

fn main() -> ExitCode {
    // Ctrl-C or SIGTERM asks the run to stop at its next game: it removes
    // its temporary files and the folders it made, then exits 130. Every
    // signal only sets the flag (`timeout` sends two), so none can cut that
    // cleanup short.
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // SAFETY: the action only stores to an atomic, which is
        // async-signal-safe.
        let registered = unsafe {
            signal_hook::low_level::register(signal, || INTERRUPTED.store(true, Ordering::SeqCst))
        };
        if let Err(error) = registered {
            fortunes::output::warn(format_args!(
                "fortunes: cannot handle signal {signal}: {error}"
            ));
        }
    }
    let matches = match fortunes::cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(error) if error.use_stderr() => {
            let _ = error.print();
            return ExitCode::from(2);
        }
        Err(help) => {
            // --help and --version succeed only if they were written
            // (a closed pipe is fine, as for every output).
            let text = help.render().to_string();
            return match fortunes::output::emit(&text) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    fortunes::output::warn(format_args!("fortunes: error: {error}"));
                    ExitCode::from(2)
                }
            };
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
