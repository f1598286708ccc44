use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = fortunes::cli::Cli::parse();
    match fortunes::cli::execute(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("fortunes: error: {error}");
            ExitCode::FAILURE
        }
    }
}
