//! Media in a spec: a block that shows an item's recording, image or video, and outputs that
//! are media (a listening test's clips, an image per output), with how they may be played.

use crate::support::ids::FieldName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a media file is: how it is shown and played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaType {
    /// A recording (WAV, MP3, Ogg, AAC: whatever the participant's browser plays), played by
    /// Glossa's own controls.
    Audio,
    /// An image (PNG, JPEG, WebP, SVG), shown with its text alternative and enlarged by a tap.
    Image,
    /// A video (MP4, WebM), played inline by Glossa's own controls.
    Video,
}

impl MediaType {
    /// Whether it plays (audio and video), so it can be played to the end.
    pub fn plays(self) -> bool {
        self != MediaType::Image
    }
}

/// What the participant may do when a file cannot be played after [`MEDIA_TRIES`] tries
/// (loaded, and tried again, each time failing: a file missing, or one the browser cannot
/// decode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unplayable {
    /// Only try again (the default): the item waits for the file.
    #[default]
    Retry,
    /// Go on: the rules that need the file (played to the end, required answers) no longer
    /// hold for the item; its result records the file as not playable (`media.<key>.failures`).
    Skip,
    /// End the study: the widget raises `glossa:error` (code `media_unplayable`) and the host
    /// page offers the study's `complete_error` link once every earlier result is delivered.
    End,
}

/// How many times a file is tried (its load, then a participant's retries) before
/// [`Unplayable`] applies.
pub const MEDIA_TRIES: u32 = 3;

/// How the participant may play a recording or a video: the protocol's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playback {
    /// What the files are.
    pub media: MediaType,
    /// Every answer about it is refused until it was played to the end (ITU-T P.808).
    pub play_to_end: bool,
    /// The participant may move the position (a slider under the player).
    pub seek: bool,
    /// It starts again at its end until paused (MUSHRA's loop).
    pub looped: bool,
    /// Started while another plays, it takes over at the other's position (MUSHRA's instant
    /// switching between the reference and the stimuli).
    pub in_place: bool,
    /// What happens when the file cannot be played.
    pub unplayable: Unplayable,
}

/// A block showing an item's recording, image or video, with its text alternative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MediaBlock {
    /// What the file is: `audio`, `image` or `video`.
    #[serde(rename = "type")]
    pub media: MediaType,
    /// The item field holding the file's address: a path relative to the page (`clips/
    /// c01.wav`, which `glossa host` copies into the study's folder) or an `http(s)` URL.
    pub field: FieldName,
    /// The item field holding the file's text alternative, which every item must give: an
    /// image's alt text, a recording's or a video's transcript. Screen readers read it; a
    /// recording's and a video's is shown folded under the player.
    pub text_field: FieldName,
    /// The item field holding a video's captions: a WebVTT file (`clips/v01.vtt`, a path
    /// relative to the page, copied by `glossa host`, or an `http(s)` URL), shown over the
    /// video in the study's language from the start; the participant can hide them. Default:
    /// none.
    #[serde(default)]
    pub captions_field: Option<FieldName>,
    /// The label shown above it (e.g. `Recording`).
    pub label: String,
    /// An optional note under the label, in Markdown.
    #[serde(default)]
    pub note: Option<String>,
    /// Refuse every answer to the item until the recording or video was played to the end
    /// (ITU-T P.808: each clip heard whole before it is rated), with a message in the
    /// study's language. Default: no.
    #[serde(default)]
    pub play_to_end: bool,
    /// Let the participant move the position in a recording or video. Default: yes; a
    /// listening test that must be heard once through sets `false`.
    #[serde(default = "super::parts::yes")]
    pub seek: bool,
    /// Play it in a loop until the participant pauses it (MUSHRA). Default: no.
    #[serde(default, rename = "loop")]
    pub looped: bool,
    /// Switch in place: a recording started while another of the item's plays takes over at
    /// the other's position, so the participant compares the same passage (MUSHRA's instant
    /// switching). Default: no.
    #[serde(default)]
    pub switch_in_place: bool,
    /// When the file cannot be played after 3 tries (missing, or not decodable by the
    /// browser): `retry` (the default: the item waits), `skip` (the participant goes on; the
    /// result records the file as not playable) or `end` (the study ends through the host
    /// page's `complete_error` link).
    #[serde(default)]
    pub unplayable: Unplayable,
    /// The item field naming the condition (the system) a file is in (`narrowband`,
    /// `codec-a`): the analysis reports each rating's MOS per condition, with its 95 %
    /// confidence interval, beside the MOS per file. Default: per file only.
    #[serde(default)]
    pub condition_field: Option<FieldName>,
}

impl MediaBlock {
    /// How its file is played.
    pub fn playback(&self) -> Playback {
        Playback {
            media: self.media,
            play_to_end: self.play_to_end,
            seek: self.seek,
            looped: self.looped,
            in_place: self.switch_in_place,
            unplayable: self.unplayable,
        }
    }
}

/// Outputs that are media (a section or control asked per output over recordings or
/// images): each output gives its file in `src` and its text alternative in `text`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutputsMedia {
    /// What each output's file is: `audio`, `image` or `video`.
    #[serde(rename = "type")]
    pub media: MediaType,
    /// Refuse an output's answers until its recording or video was played to the end (ITU-T
    /// P.808). Default: no.
    #[serde(default)]
    pub play_to_end: bool,
    /// Let the participant move the position. Default: yes.
    #[serde(default = "super::parts::yes")]
    pub seek: bool,
    /// Play it in a loop until the participant pauses it (MUSHRA). Default: no.
    #[serde(default, rename = "loop")]
    pub looped: bool,
    /// Switch in place: a recording started while another of the item's plays takes over at
    /// the other's position, so the participant compares the same passage (MUSHRA's instant
    /// switching). Default: no.
    #[serde(default)]
    pub switch_in_place: bool,
    /// When an output's file cannot be played after 3 tries: `retry` (the default), `skip`
    /// or `end` (as a media block's `unplayable`).
    #[serde(default)]
    pub unplayable: Unplayable,
    /// The id of the output that is the hidden reference (MUSHRA: `ref`): the analysis
    /// screens out listeners who rate it below 90 on more than 15 % of the items they rated
    /// (ITU-R BS.1534-3), and reports the scores per condition of the listeners kept.
    #[serde(default)]
    pub hidden_reference: Option<String>,
}

impl OutputsMedia {
    /// How the outputs' files are played.
    pub fn playback(&self) -> Playback {
        Playback {
            media: self.media,
            play_to_end: self.play_to_end,
            seek: self.seek,
            looped: self.looped,
            in_place: self.switch_in_place,
            unplayable: self.unplayable,
        }
    }
}

/// P.808's environment check: the headphone test of Woods et al. (2017), asked once per
/// participant before their first answer. Each trial plays three 200 Hz tones once; one is 6 dB
/// quieter, one is in antiphase between the ears (over loudspeakers it cancels and sounds
/// quietest, over headphones it does not), and the participant picks the quietest. The tones are
/// made in the browser: no file to host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadphoneCheck {
    /// Trials per attempt. Default: 6, as Woods et al.
    #[serde(default = "six")]
    pub trials: u32,
    /// Right answers needed to pass. Default: 5 of 6, as Woods et al. (chance passes 1.8 %).
    #[serde(default = "five")]
    pub pass: u32,
    /// Attempts allowed. A participant who fails them all may go on; the result says so
    /// (`headphones.passed` false) and the analysis leaves their ratings out. Default: 2.
    #[serde(default = "two")]
    pub attempts: u32,
}

fn six() -> u32 {
    6
}
fn five() -> u32 {
    5
}
fn two() -> u32 {
    2
}

impl Default for HeadphoneCheck {
    fn default() -> Self {
        HeadphoneCheck {
            trials: six(),
            pass: five(),
            attempts: two(),
        }
    }
}
