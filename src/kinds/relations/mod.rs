//! `relations`: links between the spans of a labelled-span control — typed relations and
//! coreference chains. (Being built: the link logic and the spec's checks come first; the
//! kind joins the declaration with its view and stages.)

pub mod check;
pub mod links;
pub mod spec;
