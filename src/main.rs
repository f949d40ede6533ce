//! The `muster` command: everything happens in `muster::run`.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(muster::run(std::env::args_os()))
}
