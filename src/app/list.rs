//! `list`: the catalog's rows and whether each can be probed here, or the plan of CI's shards.

use anyhow::Result;
use serde::Serialize;

use super::exit::Ending;
use crate::catalog::{Catalog, Readiness};
use crate::cli::options::ListCommand;
use crate::cli::{Format, ListArgs};
use crate::run::plan;
use crate::ui::stdout;

#[derive(Serialize)]
struct ListRow<'a> {
    /// `id`, or `id@environment` outside the host: what `--only` takes.
    key: String,
    id: &'a str,
    environment: &'a str,
    language: &'a str,
    library: &'a str,
    readiness: Readiness,
    note: &'a str,
}

pub fn list(args: &ListArgs) -> Result<Ending> {
    let ListCommand { catalog, selection, build_dir, format, shards } = args.command();
    let catalog = Catalog::load(&catalog)?;
    if let Some(count) = shards {
        let shards = plan::shards(&catalog, &selection, count.into())?;
        match format {
            Format::Json => stdout::json(&shards)?,
            Format::Text => shards.iter().try_for_each(|shard| stdout::line(plan::describe(shard)))?,
        }
        return Ok(Ending::Done);
    }
    let rows: Vec<ListRow> = plan::select(&catalog, &selection)?
        .into_iter()
        .map(|entry| ListRow {
            key: entry.key(),
            id: &entry.id,
            environment: &entry.environment,
            language: &entry.language,
            library: &entry.library,
            readiness: catalog.readiness(entry, &build_dir),
            note: &entry.note,
        })
        .collect();
    match format {
        Format::Json => stdout::json(&rows)?,
        Format::Text => {
            for row in &rows {
                let state = match &row.readiness {
                    Readiness::Ready => "ready".to_string(),
                    Readiness::NeedsBuild => "needs build".to_string(),
                    Readiness::Missing(why) => format!("not installed ({why})"),
                };
                stdout::line(format_args!(
                    "{:<37} {:<12} {:<26} {state}",
                    row.key, row.language, row.library
                ))?;
            }
        }
    }
    Ok(Ending::Done)
}
