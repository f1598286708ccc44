//! The crate's folder, shared by every test binary (the one `tests`
//! binary through `common`, and `budgets` and `slurm` by path).

/// The crate's folder, read when the test runs (cargo sets it then too):
/// a path baked in at compile time goes stale when a shared build cache
/// serves a checkout in another place.
pub fn crate_dir() -> &'static str {
    static DIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DIR.get_or_init(|| std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()))
}
