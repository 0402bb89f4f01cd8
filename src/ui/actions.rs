//! `Actions`: how the screen sends actions to the form model. Most go at once; a word pick
//! may wait until the browser has painted it (the span text paints the highlight itself
//! first), so the re-render it causes never delays the frame that shows the tap. Order is
//! kept: an action sent at once first delivers any that are waiting.

use super::later::after_paint;
use crate::form::Action;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::Callback;

/// Waiting actions and where they go.
struct Queue {
    target: Callback<Action>,
    waiting: RefCell<Vec<Action>>,
    scheduled: Cell<bool>,
}

impl Queue {
    /// Delivers every waiting action, oldest first.
    fn flush(&self) {
        self.scheduled.set(false);
        let waiting = std::mem::take(&mut *self.waiting.borrow_mut());
        for action in waiting {
            self.target.emit(action);
        }
    }
}

/// The two ways to send an action. Both callbacks stay the same for the widget's lifetime,
/// so components that receive them are not re-rendered for a new callback.
#[derive(Clone)]
pub struct Actions {
    /// Delivers waiting actions, then this one.
    pub now: Callback<Action>,
    /// Delivers this one after the next frame (or with the next `now`, whichever is first).
    pub after_paint: Callback<Action>,
    queue: Rc<Queue>,
}

impl Actions {
    /// Both senders for one reducer's dispatch callback.
    pub fn new(target: Callback<Action>) -> Self {
        let queue = Rc::new(Queue {
            target,
            waiting: RefCell::new(Vec::new()),
            scheduled: Cell::new(false),
        });
        let now = {
            let queue = Rc::clone(&queue);
            Callback::from(move |action| {
                queue.flush();
                queue.target.emit(action);
            })
        };
        let after_paint = {
            let queue = Rc::clone(&queue);
            Callback::from(move |action| {
                queue.waiting.borrow_mut().push(action);
                if !queue.scheduled.replace(true) {
                    schedule(Rc::clone(&queue));
                }
            })
        };
        Actions {
            now,
            after_paint,
            queue,
        }
    }

    /// Delivers every waiting action now (the host is about to read the state).
    pub fn deliver_waiting(&self) {
        self.queue.flush();
    }
}

/// Flushes the queue after the next frame (see [`after_paint`]; flushing twice is harmless).
fn schedule(queue: Rc<Queue>) {
    after_paint(move || queue.flush());
}
