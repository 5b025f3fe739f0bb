//! `setup`: install the selected rows' toolchains.

use anyhow::Result;

use super::exit::Ending;
use crate::cli::SetupArgs;
use crate::lock::{Folder, FolderLock};
use crate::setup::setup as install;

pub fn setup(args: &SetupArgs) -> Result<Ending> {
    let options = args.options();
    // A dry run writes nothing into the build folder.
    let _build = match options.dry_run {
        false => Some(FolderLock::acquire(&options.build_dir, Folder::Build)?),
        true => None,
    };
    install(&options)?;
    Ok(Ending::Done)
}
