//! An item's media: its stimuli (each recording, image or video the screen shows, by a key the
//! result records it under), and the checks of their addresses and text alternatives.

use super::{is_image_url, Item};
use crate::spec::join_path;
use crate::spec::media::{MediaType, Playback};
use crate::spec::{OutputsSource, SpecIssue, SpecIssueCode, TaskSpec};

/// One recording, image or video the screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stimulus {
    /// Its key in the result's `media`: the block's field (`clip`), or the outputs' field and
    /// the output's id (`stimuli/ref`).
    pub key: String,
    /// Its address.
    pub src: String,
    /// Its text alternative.
    pub text: String,
    /// How it is played.
    pub playback: Playback,
    /// The output it is, for outputs that are media.
    pub output: Option<String>,
    /// A video's captions (a WebVTT file's address), when the item gives them.
    pub captions: Option<String>,
}

/// The key of an output's stimulus (`stimuli/ref`): the outputs' field and the output's id.
pub fn output_key(field: &str, output: &str) -> String {
    format!("{field}/{output}")
}

/// The spec's media blocks (none in a build without media).
pub fn media_blocks(spec: &TaskSpec) -> Vec<&crate::spec::media::MediaBlock> {
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    return spec
        .blocks
        .iter()
        .filter_map(|b| match b {
            crate::spec::Block::Media(m) => Some(m),
            _ => None,
        })
        .collect();
    #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
    {
        let _ = spec;
        Vec::new()
    }
}

/// Every outputs source of the spec that is media: the sections' and the controls' own.
pub fn media_outputs(spec: &TaskSpec) -> Vec<&OutputsSource> {
    if !crate::support::family::MEDIA {
        return Vec::new();
    }
    let sections = spec.sections().filter_map(|(_, s)| s.outputs.as_ref());
    let controls = spec.controls.iter().filter_map(
        |c| crate::spec::each_control!(c, k => { use super::ItemFields; k.outputs_source() }),
    );
    let mut out: Vec<&OutputsSource> = Vec::new();
    for src in sections.chain(controls) {
        if src.media().is_some() && !out.iter().any(|o| o.field == src.field) {
            out.push(src);
        }
    }
    out
}

/// The item's stimuli, in the order of the spec: media blocks, then outputs that are media.
pub fn stimuli(spec: &TaskSpec, item: &Item) -> Vec<Stimulus> {
    if !crate::support::family::MEDIA {
        return Vec::new();
    }
    let mut out = Vec::new();
    for b in media_blocks(spec) {
        {
            if let Some(src) = item.text(b.field.as_str()) {
                out.push(Stimulus {
                    key: b.field.to_string(),
                    src: src.to_owned(),
                    text: item
                        .text(b.text_field.as_str())
                        .unwrap_or_default()
                        .to_owned(),
                    playback: b.playback(),
                    output: None,
                    captions: b
                        .captions_field
                        .as_ref()
                        .and_then(|f| item.text(f.as_str()))
                        .map(str::to_owned),
                });
            }
        }
    }
    for source in media_outputs(spec) {
        let Some(media) = source.media() else {
            continue;
        };
        for o in item.outputs(source.field.as_str()) {
            if let Some(src) = o.media_src() {
                let captions = o
                    .media_captions()
                    .filter(|_| media.media == MediaType::Video)
                    .map(str::to_owned);
                out.push(Stimulus {
                    key: output_key(source.field.as_str(), &o.id),
                    src: src.to_owned(),
                    text: o.text,
                    playback: media.playback(),
                    output: Some(o.id),
                    captions,
                });
            }
        }
    }
    out
}

/// The problems of the item's media: each block's file is a path or an `http(s)` URL; each
/// output that is media gives one in `src` and a text alternative in `text`.
pub fn check(spec: &TaskSpec, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
    if !crate::support::family::MEDIA {
        return;
    }
    let bad_url = |at: String| {
        SpecIssue::new(
            at,
            SpecIssueCode::InvalidUrl,
            "a media file must be a path relative to the page (clips/c01.wav) or start with https:// or http://",
        )
    };
    for b in media_blocks(spec) {
        {
            if item
                .text(b.field.as_str())
                .is_some_and(|u| !is_image_url(u))
            {
                out.push(bad_url(join_path(path, b.field.as_str())));
            }
            if let Some(f) = &b.captions_field {
                if item.text(f.as_str()).is_some_and(|u| !is_image_url(u)) {
                    out.push(bad_url(join_path(path, f.as_str())));
                }
            }
            if item
                .text(b.text_field.as_str())
                .is_some_and(|t| t.trim().is_empty())
            {
                out.push(SpecIssue::new(
                    join_path(path, b.text_field.as_str()),
                    SpecIssueCode::Empty,
                    "the text alternative is empty; give the recording's transcript or the image's description (screen readers read it)",
                ));
            }
        }
    }
    for source in media_outputs(spec) {
        let field = source.field.as_str();
        let outputs = item.outputs(field);
        if let Some(r) = source.media().and_then(|m| m.hidden_reference.as_deref()) {
            if !outputs.is_empty() && !outputs.iter().any(|o| o.id == r) {
                out.push(SpecIssue::new(
                    join_path(path, field),
                    SpecIssueCode::MissingField,
                    format!("item \"{}\" has no output \"{r}\", the hidden reference the spec names; give it one (its file is the reference's)", item.id),
                ));
            }
        }
        for (n, o) in outputs.iter().enumerate() {
            let at = format!("{}[{n}]", join_path(path, field));
            match o.media_src() {
                None => out.push(SpecIssue::new(
                    format!("{at}.src"),
                    SpecIssueCode::MissingField,
                    format!(
                        "output \"{}\" gives no file; give its address in \"src\" (clips/a.wav)",
                        o.id
                    ),
                )),
                Some(u) if !is_image_url(u) => out.push(bad_url(format!("{at}.src"))),
                Some(_) => {}
            }
            if o.media_captions().is_some_and(|u| !is_image_url(u)) {
                out.push(bad_url(format!("{at}.captions")));
            }
            if o.text.trim().is_empty() {
                out.push(SpecIssue::new(
                    format!("{at}.text"),
                    SpecIssueCode::Empty,
                    format!("output \"{}\" has no text alternative; give its transcript or description in \"text\"", o.id),
                ));
            }
        }
    }
}

/// The media files the items name by a path relative to the items file (`clips/c01.wav`), each
/// once, in order; or the first path that would leave the items' folder (`../x.wav`, `/x.wav`)
/// with the item naming it.
pub fn relative_files(spec: &TaskSpec, items: &[Item]) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let files = stimuli(spec, item)
            .into_iter()
            .flat_map(|s| std::iter::once(s.src).chain(s.captions));
        for src in files {
            if crate::item::is_http_url(&src) {
                continue;
            }
            let path = src.split(['?', '#']).next().unwrap_or_default();
            if path.starts_with('/') || path.split('/').any(|p| p == ".." || p.contains('\\')) {
                return Err(format!(
                    "item \"{}\": {}: a media file must lie beside the items file or in a folder under it (no /, .. or \\)",
                    item.id, src
                ));
            }
            if !out.iter().any(|o| o == path) {
                out.push(path.to_owned());
            }
        }
    }
    Ok(out)
}
