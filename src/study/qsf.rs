//! `glossa host qualtrics`: the study as a Qualtrics survey file (`.qsf`) — one Descriptive Text
//! question whose JavaScript mounts Glossa (`www/hosts/qualtrics.js`), looped by Loop & Merge
//! over the items (with a plan: one looped block per slot, a randomizer presenting the slots
//! evenly), the embedded-data fields the results are written to declared in the Survey Flow,
//! and the ends: could not load, missed an attention item, completed (each a redirect when a
//! completion link is given). The shape follows Qualtrics' own exports (see
//! `docs/src/hosts/qualtrics.md` for what was checked and what could not be).

use crate::spec::{Item, TaskSpec};
use crate::support::digest::{base64, sha256_hex};
use crate::support::html::attr;
use serde_json::{json, Map, Value};

/// What the survey is made of.
pub struct Survey<'a> {
    /// The spec.
    pub spec: &'a TaskSpec,
    /// The items.
    pub items: &'a [Item],
    /// The plan (`glossa.plan/1`), when the study has one.
    pub plan: Option<&'a Value>,
    /// Where the uploaded folder is served from, ending in `/`.
    pub base: &'a str,
    /// The spec's path under `base`.
    pub spec_file: &'a str,
    /// Completion links: finished, missed an attention item, could not load.
    pub complete: [Option<&'a str>; 3],
    /// Chunk fields declared per item (see [`chunk_fields`]).
    pub fields: usize,
    /// The first screens the questions carry, when `glossa host` renders them.
    pub screens: Option<FirstScreens<'a>>,
}

/// What the survey's first screens are made of (`glossa host`'s pre-render): each loop row's
/// item as HTML in its question text (loop field 5), the build's stylesheet in the survey's
/// custom CSS (Look & Feel), and the script that keeps early taps (`www/first-screen.js`) at
/// the head of the question's JavaScript. The question's HTML is on screen as Qualtrics sends
/// the page; the widget takes it over once its wasm is in, doing again what was done on it.
pub struct FirstScreens<'a> {
    /// An item's screen as a mount without Submit shows it, and the build that takes it over;
    /// `None` when participants see different ones.
    pub of: &'a dyn Fn(&Item) -> Option<(String, String)>,
    /// A build's stylesheet.
    pub css: &'a dyn Fn(&str) -> Result<String, String>,
    /// `www/first-screen.js` without its comments.
    pub script: String,
}

/// One annotator slot's items: the slot's name (none without a plan), and each item with
/// whether it is gold and its attention answers.
struct Slot<'a> {
    name: Option<String>,
    items: Vec<(&'a Item, bool, Option<&'a Value>)>,
    /// The outputs the plan gives the slot of each item, and the field that lists them.
    outputs: Option<(&'a str, &'a Value)>,
}

/// An item as a slot's loop shows it: with only the outputs the plan gives the slot (MQM's and
/// ESA's raters see some of a segment's systems), as the pilot's `planSlot` narrows it.
pub(crate) fn narrowed(item: &Item, outputs: Option<(&str, &Value)>) -> Value {
    let mut json = serde_json::to_value(item).unwrap_or_default();
    let Some((field, by_item)) = outputs else {
        return json;
    };
    let Some(mine) = by_item[&item.id].as_array() else {
        return json;
    };
    if let Some(Value::Array(list)) = json.get_mut(field) {
        list.retain(|o| mine.contains(&o["id"]));
    }
    json
}

/// The chunk fields (10,000 UTF-16 code units each, 256 kept for timings) that the largest
/// result of any item needs: a simulated answer's result plus every free text at its
/// longest (see [`crate::simulate::result_room`]).
pub fn chunk_fields(spec: &TaskSpec, items: &[Item]) -> usize {
    let env = crate::result::Environment {
        locale: "en-US".into(),
        viewport: Default::default(),
        touch: true,
        user_agent: String::new(),
    };
    let ids = [("participant".to_owned(), "R_".repeat(16))]
        .into_iter()
        .collect();
    let room = items
        .iter()
        .map(|item| {
            let task = crate::task::Task::new(spec.clone(), item.clone(), None);
            let json = crate::simulate::annotate(&task, 1, 0)
                .ok()
                .and_then(|(_, form)| crate::result::build(&task, &form, &env, &ids, 0).ok())
                .and_then(|doc| serde_json::to_string(&doc).ok())
                .unwrap_or_default();
            crate::simulate::result_room(&task, &json)
        })
        .max()
        .unwrap_or(0);
    (room + 256).div_ceil(10_000).max(1)
}

/// A Qualtrics-style id (`SV_…`, `BL_…`: 15 letters and digits) made from a name, so the same
/// study gets the same ids.
fn qid(prefix: &str, name: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let hash = sha256_hex(name.as_bytes());
    let id: String = hash
        .as_bytes()
        .chunks(2)
        .take(15)
        .map(|h| {
            let v = u8::from_str_radix(std::str::from_utf8(h).unwrap_or("0"), 16).unwrap_or(0);
            char::from(ABC[usize::from(v) % ABC.len()])
        })
        .collect();
    format!("{prefix}_{id}")
}

/// Qualtrics' language code for the spec's language (`EN`, `IT`, `PT-BR`, `ZH-S`, …).
fn survey_language(spec: &TaskSpec) -> String {
    let tag = serde_json::to_value(spec.language)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "en".into());
    let lower = tag.to_ascii_lowercase();
    let primary = lower.split('-').next().unwrap_or("en");
    match (primary, lower.as_str()) {
        ("zh", t) if t.contains("hant") || t.ends_with("-tw") || t.ends_with("-hk") => {
            "ZH-T".into()
        }
        ("zh", _) => "ZH-S".into(),
        ("pt", "pt-br") | ("en", "en-gb") | ("es", "es-es") => lower.to_ascii_uppercase(),
        _ => primary.to_ascii_uppercase(),
    }
}

/// The slots the survey presents: the plan's annotators, or one with every item.
fn slots<'a>(s: &Survey<'a>) -> Result<Vec<Slot<'a>>, String> {
    let Some(plan) = s.plan else {
        return Ok(vec![Slot {
            name: None,
            items: s.items.iter().map(|i| (i, false, None)).collect(),
            outputs: None,
        }]);
    };
    let gold: Vec<&str> = plan["gold"]
        .as_array()
        .map(|g| g.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let by_id = |id: &str| s.items.iter().find(|i| i.id == id);
    plan["annotators"]
        .as_array()
        .ok_or("the plan has no annotators: make it with glossa plan")?
        .iter()
        .map(|a| {
            let name = a["slot"].as_str().unwrap_or_default().to_owned();
            let items = a["items"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|id| {
                    let id = id.as_str().unwrap_or_default();
                    let item = by_id(id).ok_or_else(|| {
                        format!(
                            "the plan's slot {name} names item {id}, which is not among the items"
                        )
                    })?;
                    let attention = plan["attention"].get(id);
                    Ok((item, gold.contains(&id), attention))
                })
                .collect::<Result<_, String>>()?;
            let outputs = plan["outputs_field"]
                .as_str()
                .map(|field| (field, &a["outputs"]));
            Ok(Slot {
                name: Some(name),
                items,
                outputs,
            })
        })
        .collect()
}

/// The question's JavaScript: loads `qualtrics.js` from the folder's address and mounts the
/// loop's item, its result going to `glossa_<loop number>_…`.
fn question_js(s: &Survey) -> String {
    let base = Value::from(s.base).to_string();
    let spec = Value::from(s.spec_file).to_string();
    // The snippet's own messages in the study's language, for when nothing can be fetched.
    let messages = Value::Object(
        ["load", "store", "too_large"]
            .iter()
            .map(|k| {
                (
                    (*k).to_owned(),
                    Value::from(crate::spec::own_strings::text(
                        s.spec,
                        &format!("qualtrics.{k}"),
                    )),
                )
            })
            .collect(),
    )
    .to_string();
    format!(
        r#"Qualtrics.SurveyEngine.addOnReady(function () {{
  var q = this;
  var base = {base};
  // The result's ids: the response, Prolific's ids when the link carries them, the plan's slot.
  var ids = {{ participant: '${{e://Field/ResponseID}}' }};
  var more = {{ PROLIFIC_PID: '${{e://Field/PROLIFIC_PID}}', STUDY_ID: '${{e://Field/STUDY_ID}}',
    SESSION_ID: '${{e://Field/SESSION_ID}}', slot: '${{e://Field/glossa_slot}}' }};
  for (var k in more) if (more[k]) ids[k] = more[k];
  if ('${{lm://Field/3}}') ids.gold = 'gold';
  var s = document.createElement('script');
  s.src = base + 'www/hosts/qualtrics.js';
  s.onload = function () {{
    GlossaQualtrics.attach(q, {{
      base: base,
      spec: base + {spec},
      itemBase64: '${{lm://Field/1}}',
      attentionBase64: '${{lm://Field/4}}',
      field: 'glossa_${{lm://CurrentLoopNumber}}',
      ids: ids,
      fields: {fields},
      messages: {messages}
    }});
  }};
  s.onerror = function () {{
    // The survey flow's "could not load" branch reads this.
    var e = Qualtrics.SurveyEngine;
    (e.setJSEmbeddedData || e.setEmbeddedData).call(e, 'glossa_error', 'bundle: ' + s.src + ' did not load');
  }};
  document.head.appendChild(s);
}});"#,
        fields = s.fields
    )
}

/// Numbers flow elements (`FL_2`, `FL_3`, …; the root is `FL_1`).
struct FlowIds(usize);

impl FlowIds {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("FL_{}", self.0)
    }
}

/// An embedded-data field as the Survey Flow declares it: set from the URL or by JavaScript
/// (`Recipient`, no value), or to a value.
fn field(name: &str, value: Option<&str>) -> Value {
    let mut f = json!({
        "Description": name,
        "Type": if value.is_some() { "Custom" } else { "Recipient" },
        "Field": name,
        "VariableType": "String",
        "DataVisibility": [],
        "AnalyzeText": false,
    });
    if let Some(v) = value {
        f["Value"] = Value::from(v);
    }
    f
}

/// "If any of these embedded-data fields is not empty" (either naming of a JavaScript field).
fn any_not_empty(names: &[&str]) -> Value {
    let mut group = Map::new();
    for (i, name) in names.iter().enumerate() {
        let mut e = json!({
            "LogicType": "EmbeddedField",
            "LeftOperand": name,
            "Operator": "NotEmpty",
            "_HiddenExpression": false,
            "Type": "Expression",
            "Description": format!("<span class=\"ConjDesc\">{}</span> <span class=\"LeftOpDesc\">{name}</span> <span class=\"OpDesc\">Is Not Empty</span> ", if i == 0 { "If" } else { "Or" }),
        });
        if i > 0 {
            e["Conjuction"] = Value::from("Or"); // sic: Qualtrics' spelling
        }
        group.insert(i.to_string(), e);
    }
    group.insert("Type".into(), Value::from("If"));
    json!({ "0": Value::Object(group), "Type": "BooleanExpression" })
}

/// The end of the survey: a redirect to `link`, or Qualtrics' default message.
fn end(ids: &mut FlowIds, link: Option<&str>) -> Value {
    match link {
        Some(url) => json!({
            "Type": "EndSurvey",
            "FlowID": ids.next(),
            "EndingType": "Advanced",
            "Options": { "Advanced": "true", "SurveyTermination": "Redirect", "EOSRedirectURL": url },
        }),
        None => json!({ "Type": "EndSurvey", "FlowID": ids.next() }),
    }
}

/// The survey file.
pub fn survey(s: &Survey) -> Result<Value, String> {
    let slots = slots(s)?;
    let name = format!("{}@{}", s.spec.id, s.spec.version);
    let title = s.spec.title.clone().unwrap_or_else(|| s.spec.id.clone());
    let survey_id = qid("SV", &name);
    let lang = survey_language(s.spec);
    let js = question_js(s);
    let element = |kind: &str, primary: &str, secondary: Value, tertiary: Value, payload: Value| {
        json!({
            "SurveyID": survey_id, "Element": kind, "PrimaryAttribute": primary,
            "SecondaryAttribute": secondary, "TertiaryAttribute": tertiary, "Payload": payload,
        })
    };

    let mut blocks = Vec::new();
    let mut questions = Vec::new();
    // The build the first screens are taken over by (one per spec), once one is rendered.
    let mut build: Option<String> = None;
    let mut flow_ids = FlowIds(1);
    let mut slot_flows = Vec::new();
    for (n, slot) in slots.iter().enumerate() {
        let question = format!("QID{}", n + 1);
        let block_id = qid(
            "BL",
            &format!("{name}/{}", slot.name.as_deref().unwrap_or("")),
        );
        let rows: Map<String, Value> = slot
            .items
            .iter()
            .enumerate()
            .map(|(i, (item, gold, attention))| {
                let shown = narrowed(item, slot.outputs);
                let item_json = shown.to_string();
                let attention = attention
                    .map(|a| base64(a.to_string().as_bytes()))
                    .unwrap_or_default();
                let mut row = json!({
                    "1": base64(item_json.as_bytes()),
                    "2": item.id,
                    "3": if *gold { "gold" } else { "" },
                    "4": attention,
                });
                // The item's screen, where the question mounts it: in the question's text.
                let screen = s.screens.as_ref().and_then(|f| {
                    let shown: Item = serde_json::from_value(shown).ok()?;
                    (f.of)(&shown)
                });
                if let Some((html, b)) = screen {
                    let at = format!("{}www/pkg/{b}/", s.base);
                    row["5"] = Value::from(format!(
                        "<div class=\"glossa-qualtrics\" data-glossa-item=\"{}\" data-glossa-build=\"{}\" data-glossa-hide-submit>{html}</div>",
                        attr(&item.id),
                        attr(&at)
                    ));
                    build.get_or_insert(b);
                }
                ((i + 1).to_string(), row)
            })
            .collect();
        let description = match &slot.name {
            Some(slot) => format!("Glossa: {title} (slot {slot})"),
            None => format!("Glossa: {title}"),
        };
        blocks.push(json!({
            "Type": if n == 0 { "Default" } else { "Standard" },
            "SubType": "",
            "Description": description,
            "ID": block_id,
            "BlockElements": [{ "Type": "Question", "QuestionID": question }],
            "Options": {
                "BlockLocking": "false",
                "RandomizeQuestions": "false",
                "BlockVisibility": "Expanded",
                "Looping": "Static",
                "LoopingOptions": { "Static": rows, "Randomization": "None" },
            },
        }));
        let tag = match &slot.name {
            Some(slot) => format!("glossa_{slot}"),
            None => "glossa".to_owned(),
        };
        questions.push(element(
            "SQ",
            &question,
            Value::from(description.clone()),
            Value::Null,
            json!({
                "QuestionText": if build.is_some() { "${lm://Field/5}" } else { "" },
                "DefaultChoices": false,
                "DataExportTag": tag,
                "QuestionType": "DB",
                "Selector": "TB",
                "Configuration": { "QuestionDescriptionOption": "UseText" },
                "QuestionDescription": description,
                "ChoiceOrder": [],
                "Validation": { "Settings": { "Type": "None" } },
                "GradingData": [],
                "Language": [],
                "NextChoiceId": 4,
                "NextAnswerId": 1,
                "QuestionID": question,
                "QuestionJS": match (&build, &s.screens) {
                    (Some(_), Some(f)) => format!("{}{js}", f.script),
                    _ => js.clone(),
                },
                "DataVisibility": { "Private": false, "Hidden": false },
            }),
        ));
        let block_node = json!({
            "Type": if n == 0 { "Block" } else { "Standard" },
            "ID": block_id,
            "FlowID": flow_ids.next(),
            "Autofill": [],
        });
        slot_flows.push(match &slot.name {
            Some(name) => json!({
                "Type": "Group",
                "FlowID": flow_ids.next(),
                "Description": format!("slot {name}"),
                "Flow": [
                    { "Type": "EmbeddedData", "FlowID": flow_ids.next(), "EmbeddedData": [field("glossa_slot", Some(name))] },
                    block_node,
                ],
            }),
            None => block_node,
        });
    }
    blocks.push(json!({
        "Type": "Trash",
        "Description": "Trash / Unused Questions",
        "ID": qid("BL", &format!("{name}/trash")),
        "BlockElements": [],
    }));

    // The fields the results go to: setJSEmbeddedData stores `__js_NAME`, the older
    // setEmbeddedData `NAME`; Qualtrics keeps only what the flow declares.
    let longest = slots.iter().map(|s| s.items.len()).max().unwrap_or(0);
    let mut declared: Vec<Value> = ["PROLIFIC_PID", "STUDY_ID", "SESSION_ID"]
        .iter()
        .map(|f| field(f, None))
        .collect();
    for prefix in ["__js_", ""] {
        for loop_number in 1..=longest {
            let base = format!("{prefix}glossa_{loop_number}");
            declared.push(field(&format!("{base}_count"), None));
            declared.push(field(&format!("{base}_sha256"), None));
            for chunk in 1..=s.fields {
                declared.push(field(&format!("{base}_{chunk}"), None));
            }
        }
        declared.push(field(&format!("{prefix}glossa_error"), None));
        declared.push(field(&format!("{prefix}glossa_attention"), None));
    }
    // The build's stylesheet, for the first screens (Look & Feel's custom CSS).
    let custom_css = match (&build, &s.screens) {
        (Some(b), Some(f)) => (f.css)(b)?,
        _ => String::new(),
    };
    let mut flow = vec![
        json!({ "Type": "EmbeddedData", "FlowID": flow_ids.next(), "EmbeddedData": declared }),
    ];
    if s.plan.is_some() {
        flow.push(json!({
            "Type": "BlockRandomizer",
            "FlowID": flow_ids.next(),
            "SubSet": 1,
            "EvenPresentation": true,
            "Flow": slot_flows,
        }));
    } else {
        flow.extend(slot_flows);
    }
    for (fields, link, what) in [
        (
            ["__js_glossa_error", "glossa_error"],
            s.complete[2],
            "Glossa could not load",
        ),
        (
            ["__js_glossa_attention", "glossa_attention"],
            s.complete[1],
            "missed an attention item",
        ),
    ] {
        let branch = flow_ids.next();
        let ending = end(&mut flow_ids, link.or(s.complete[0]));
        flow.push(json!({
            "Type": "Branch",
            "FlowID": branch,
            "Description": what,
            "BranchLogic": any_not_empty(&fields),
            "Flow": [ending],
        }));
    }
    flow.push(end(&mut flow_ids, s.complete[0]));
    let count = flow_ids.0;

    let response_set = qid("RS", &name);
    let question_count = questions.len();
    let mut elements = vec![
        element(
            "BL",
            "Survey Blocks",
            Value::Null,
            Value::Null,
            Value::from(blocks),
        ),
        element(
            "FL",
            "Survey Flow",
            Value::Null,
            Value::Null,
            json!({ "Type": "Root", "FlowID": "FL_1", "Flow": flow, "Properties": { "Count": count, "RemovedFieldsets": [] } }),
        ),
        element(
            "SO",
            "Survey Options",
            Value::Null,
            Value::Null,
            json!({
                "BackButton": "false",
                "SaveAndContinue": "true",
                "SurveyProtection": "PublicSurvey",
                "BallotBoxStuffingPrevention": "false",
                "NoIndex": "Yes",
                "SecureResponseFiles": "true",
                "SurveyExpiration": "None",
                "SurveyTermination": "DefaultMessage",
                "CustomStyles": { "customCSS": custom_css },
                "Header": "",
                "Footer": "",
                "ProgressBarDisplay": "None",
                "PartialData": "+1 week",
                "ValidationMessage": null,
                "PreviousButton": "",
                "NextButton": "",
                "SurveyTitle": title,
                "NewScoring": 1,
                "SurveyMetaDescription": title,
                "PasswordProtection": "No",
                "AnonymizeResponse": "No",
                "RefererCheck": "No",
                "ResponseSummary": "No",
                "EOSRedirectURL": null,
                "EmailThankYou": "false",
                "InactiveSurvey": "DefaultMessage",
                "PartialDataCloseAfter": "LastActivity",
                "AvailableLanguages": { lang.clone(): [] },
                "ProtectSelectionIds": true,
            }),
        ),
        element(
            "SCO",
            "Scoring",
            Value::Null,
            Value::Null,
            json!({
                "ScoringCategories": [], "ScoringCategoryGroups": [], "ScoringSummaryCategory": null,
                "ScoringSummaryAfterQuestions": 0, "ScoringSummaryAfterSurvey": 0,
                "DefaultScoringCategory": null, "AutoScoringCategory": null,
            }),
        ),
        element(
            "PROJ",
            "CORE",
            Value::Null,
            Value::from("1.1.0"),
            json!({ "ProjectCategory": "CORE", "SchemaVersion": "1.1.0" }),
        ),
        element(
            "STAT",
            "Survey Statistics",
            Value::Null,
            Value::Null,
            json!({ "MobileCompatible": true, "ID": "Survey Statistics" }),
        ),
        element(
            "QC",
            "Survey Question Count",
            Value::from(question_count.to_string()),
            Value::Null,
            Value::Null,
        ),
        element(
            "RS",
            &response_set,
            Value::from("Default Response Set"),
            Value::Null,
            Value::Null,
        ),
    ];
    elements.extend(questions);
    let owner = "UR_glossa";
    Ok(json!({
        "SurveyEntry": {
            "SurveyID": survey_id,
            "SurveyName": title,
            "SurveyDescription": null,
            "SurveyOwnerID": owner,
            "SurveyBrandID": "",
            "DivisionID": null,
            "SurveyLanguage": lang,
            "SurveyActiveResponseSet": response_set,
            "SurveyStatus": "Inactive",
            "SurveyStartDate": "0000-00-00 00:00:00",
            "SurveyExpirationDate": "0000-00-00 00:00:00",
            "SurveyCreationDate": "0000-00-00 00:00:00",
            "CreatorID": owner,
            "LastModified": "0000-00-00 00:00:00",
            "LastAccessed": "0000-00-00 00:00:00",
            "LastActivated": "0000-00-00 00:00:00",
            "Deleted": null,
        },
        "SurveyElements": elements,
    }))
}

#[cfg(test)]
mod tests {
    use super::base64;

    #[test]
    fn base64_is_the_standard_alphabet_with_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64("è😀".as_bytes()), "w6jwn5iA");
    }
}
