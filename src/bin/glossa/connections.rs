//! The connections `glossa serve` has open: counted per client address and in all, each in its
//! head (nothing of its request taken yet) or past it. A crowd of slow or idle clients cannot
//! lock participants out: when every place is taken, the connection that has been sending its
//! head the longest gives way to the new one (a participant's head arrives in milliseconds, so
//! a dribbling or silent crowd only ever evicts itself).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::Notify;

/// One open connection.
struct Open {
    client: IpAddr,
    /// When it opened, while its head is still coming; `None` once its request is being served.
    head_since: Option<Instant>,
    /// Told when it is to give way.
    evict: Arc<Notify>,
}

/// Every open connection, and the caps.
pub struct Connections {
    per_client: usize,
    all: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    next: u64,
    open: BTreeMap<u64, Open>,
    by_client: BTreeMap<IpAddr, usize>,
}

impl State {
    fn remove(&mut self, id: u64) -> Option<Open> {
        let gone = self.open.remove(&id)?;
        if let Some(n) = self.by_client.get_mut(&gone.client) {
            *n -= 1;
            if *n == 0 {
                self.by_client.remove(&gone.client);
            }
        }
        Some(gone)
    }
}

/// A connection counted in: counted out when dropped. `evicted` resolves when it must give way.
pub struct Entry {
    id: u64,
    connections: Arc<Connections>,
    evict: Arc<Notify>,
}

impl Connections {
    /// At most `per_client` connections from one address and `all` in all.
    pub fn new(per_client: usize, all: usize) -> Arc<Self> {
        Arc::new(Connections {
            per_client,
            all,
            state: Mutex::new(State::default()),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a new connection in. Refused (`None`) when its client has too many open, or when
    /// every place is taken and no connection is still in its head; otherwise, when every place
    /// is taken, the connection longest in its head is evicted to make room.
    pub fn enter(self: &Arc<Self>, client: IpAddr) -> Option<Entry> {
        let mut state = self.state();
        if state.by_client.get(&client).copied().unwrap_or(0) >= self.per_client {
            return None;
        }
        if state.open.len() >= self.all {
            let oldest = state
                .open
                .iter()
                .filter_map(|(id, o)| o.head_since.map(|t| (t, *id)))
                .min()?
                .1;
            if let Some(gone) = state.remove(oldest) {
                // `notify_one` keeps the wake-up for a task that is not waiting yet.
                gone.evict.notify_one();
            }
        }
        let id = state.next;
        state.next += 1;
        let evict = Arc::new(Notify::new());
        state.open.insert(
            id,
            Open {
                client,
                head_since: Some(Instant::now()),
                evict: Arc::clone(&evict),
            },
        );
        *state.by_client.entry(client).or_default() += 1;
        Some(Entry {
            id,
            connections: Arc::clone(self),
            evict,
        })
    }

    /// Connections open now.
    #[cfg(test)]
    fn count(&self) -> usize {
        self.state().open.len()
    }
}

impl Entry {
    /// Its request's head has arrived: it no longer gives way to new connections.
    pub fn head_done(&self) {
        if let Some(o) = self.connections.state().open.get_mut(&self.id) {
            o.head_since = None;
        }
    }

    /// Whether its head is still coming.
    pub fn in_head(&self) -> bool {
        self.connections
            .state()
            .open
            .get(&self.id)
            .is_some_and(|o| o.head_since.is_some())
    }

    /// Resolves when a new connection has taken its place.
    pub async fn evicted(&self) {
        self.evict.notified().await;
    }
}

impl Drop for Entry {
    fn drop(&mut self) {
        self.connections.state().remove(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    #[test]
    fn a_full_house_evicts_the_connection_longest_in_its_head_and_never_one_being_served() {
        let c = Connections::new(2, 3);
        let a = c.enter(ip(2)).unwrap();
        let b = c.enter(ip(2)).unwrap();
        assert!(c.enter(ip(2)).is_none(), "a client's own cap holds");
        let p = c.enter(ip(1)).unwrap();
        p.head_done();
        // Full: the newcomer takes the place of the oldest still in its head (a).
        let q = c.enter(ip(3)).unwrap();
        assert_eq!(c.count(), 3);
        assert!(!a.in_head(), "a is gone");
        assert!(b.in_head());
        q.head_done();
        b.head_done();
        // Full and nobody in a head: refused.
        assert!(c.enter(ip(4)).is_none());
        drop(a); // counting out an evicted one is harmless
        assert_eq!(c.count(), 3);
        drop(p);
        assert!(c.enter(ip(4)).is_some());
    }
}
