//! A `cases` request: a case set's sheet, in the form asked for. The command line
//! and `pocket serve` build a [`CasesRequest`] from their raw arguments
//! ([`RawCases`]) by one `TryFrom`, which holds every check of the options, and
//! print the [`CaseSheet`] that [`CasesRequest::run`] answers.

use super::RequestError;
use super::words::opts::*;
use std::borrow::Cow;

use crate::cube::cases::{CaseSet, CaseSheet, FINGER_COSTS, case_sheet, finger_costs};
use crate::cube::shared;
use crate::model::cost::Costs;
use crate::model::stickers::escape_text;
use crate::request::message;

/// A `cases` request as a front end gives it: the set, and its options as typed.
#[derive(Clone, Debug)]
pub struct RawCases {
    pub set: CaseSet,
    /// Move costs that rank the algorithms (none: [`FINGER_COSTS`]).
    pub cost: Option<String>,
    pub json: bool,
    /// Where the SVG sheet goes (`-`: standard output).
    pub svg: Option<String>,
    /// Draw each case's net.
    pub show: bool,
}

/// How the sheet is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CasesForm {
    /// A heading, then each case's line and algorithms; with its net drawn if
    /// `show`.
    Text { show: bool },
    /// One JSON object a case.
    Json,
    /// A one-page SVG sheet, to this path (`-`: standard output).
    Svg { path: String },
}

/// A `cases` request, checked.
#[derive(Clone, Debug)]
pub struct CasesRequest {
    pub set: CaseSet,
    pub costs: Costs,
    /// The costs as written, for the sheet's heading.
    pub cost_spec: String,
    pub form: CasesForm,
}

impl TryFrom<RawCases> for CasesRequest {
    type Error = RequestError;

    fn try_from(raw: RawCases) -> Result<CasesRequest, RequestError> {
        let form = match (raw.json, raw.svg, raw.show) {
            (true, None, false) => CasesForm::Json,
            (true, _, _) => {
                return Err(RequestError::Usage(message!(
                    "{JSON} prints the cases as JSON: leave out {SVG} and {SHOW}"
                )));
            }
            (false, Some(_), true) => {
                return Err(RequestError::Usage(message!(
                    "{SHOW} draws each case's net in the text: leave it out with {SVG}"
                )));
            }
            (false, Some(path), false) => CasesForm::Svg { path },
            (false, None, show) => CasesForm::Text { show },
        };
        let cost_spec = raw.cost.unwrap_or_else(|| FINGER_COSTS.to_string());
        let costs = cost_spec.parse::<Costs>().map_err(|e| {
            RequestError::Usage(message!("bad {COST}: {}", escape_text(&e.to_string())))
        })?;
        Ok(CasesRequest {
            set: raw.set,
            costs,
            cost_spec,
            form,
        })
    }
}

impl CasesRequest {
    /// The set's cases with their algorithms, ranked by the request's costs; costs
    /// the search cannot rank by are a usage error. The finger costs' sheets are the
    /// process's, built once (`pocket serve` is asked for them on every call); other
    /// costs' are built for this request.
    pub fn run(&self) -> Result<Cow<'static, CaseSheet>, RequestError> {
        let refused = |e: &dyn std::fmt::Display| RequestError::Usage(message!("bad {COST}: {e}"));
        if self.costs == finger_costs() {
            return shared::finger_case_sheet(self.set)
                .map(Cow::Borrowed)
                .map_err(|e| refused(e));
        }
        case_sheet(self.set, &self.costs)
            .map(Cow::Owned)
            .map_err(|e| refused(&e))
    }
}
