//! A consumer's records of some partitions in a queue of their own, read many records per
//! call through librdkafka's C API (`rd_kafka_consume_batch_queue`).
//!
//! rust-rdkafka's `poll` hands over one record per call, and each call reads the clock twice
//! (rust-rdkafka's timeout, then librdkafka's), takes the queue's lock and allocates the
//! event's handle: 5–7% of `ftrl train --from-topic`'s CPU, and a copy of every record
//! besides where records must outlive the call. One call here takes up to a whole round of
//! records, which stay borrowed until the next. This is the only code of the project that
//! calls librdkafka directly.
use rdkafka::bindings as rdsys;
use rdkafka::consumer::{BaseConsumer, Consumer, ConsumerContext};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::types::RDKafkaRespErr;
use std::ffi::CString;
use std::os::raw::c_int;
use std::ptr::NonNull;
use std::sync::Arc;
use std::time::Duration;

/// One record as the queue hands it over, borrowed until the next poll.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    pub partition: i32,
    pub offset: i64,
    pub key: Option<&'a [u8]>,
    pub value: Option<&'a [u8]>,
    /// The record's timestamp in milliseconds, if it has one.
    pub timestamp_ms: Option<i64>,
}

/// What a queue holds: records, the end of the partition (`enable.partition.eof`), errors.
#[derive(Debug)]
pub enum Entry<'a> {
    Record(Record<'a>),
    End,
    Error(KafkaError),
}

/// The queue of one or more partitions, split from their consumer's queue so that only this
/// queue receives their records. A split stays in place across assignments: librdkafka does
/// not forward a partition's queue that the application forwarded (though it clears a
/// forwarding on stopping a partition's fetch; see [`Self::take`]).
pub struct BatchQueue<C: ConsumerContext + 'static> {
    queue: NonNull<rdsys::rd_kafka_queue_t>,
    /// The partitions' own queues, forwarded to `queue` (none when `queue` is one of them).
    forwarded: Vec<NonNull<rdsys::rd_kafka_queue_t>>,
    /// The partition of a queue split for one partition.
    partition: i32,
    /// Room for the messages of one call.
    taken: Vec<*mut rdsys::rd_kafka_message_t>,
    /// The queue belongs to this consumer's client, which must outlive it.
    _consumer: Arc<BaseConsumer<C>>,
}

/// The entries one [`BatchQueue::take`] took, valid until it is dropped.
pub struct Taken<'q> {
    messages: &'q [*mut rdsys::rd_kafka_message_t],
}

impl<C: ConsumerContext + 'static> BatchQueue<C> {
    /// The queue of `topic`/`partition` in `consumer`, split from the consumer's queue
    /// (as rust-rdkafka's `split_partition_queue` does), holding up to `batch` records per
    /// call. Split before the partition is assigned, so that no record reaches the
    /// consumer's queue first. `None` when the topic name has a NUL byte or librdkafka
    /// gives no queue.
    pub(crate) fn split(consumer: &Arc<BaseConsumer<C>>, topic: &str, partition: i32, batch: usize) -> Option<Self> {
        let queue = partition_queue(consumer, topic, partition)?;
        // SAFETY: a live queue; forwarding to nothing detaches it from the consumer's queue.
        unsafe { rdsys::rd_kafka_queue_forward(queue.as_ptr(), std::ptr::null_mut()) };
        Some(Self {
            queue,
            forwarded: Vec::new(),
            partition,
            taken: vec![std::ptr::null_mut(); batch.max(1)],
            _consumer: consumer.clone(),
        })
    }

    /// One queue for `partitions` of `topic` in `consumer`, their records in the order they
    /// arrive, holding up to `batch` records per call; split before the partitions are
    /// assigned (see [`Self::split`]). A group consumer's rebalances still come through its
    /// own queue, which must be polled as well. `None` as for [`Self::split`].
    pub fn merged(consumer: &Arc<BaseConsumer<C>>, topic: &str, partitions: &[i32], batch: usize) -> Option<Self> {
        // SAFETY: a live client; the new queue is ours, released in `drop`.
        let queue = NonNull::new(unsafe { rdsys::rd_kafka_queue_new(consumer.client().native_client().ptr()) })?;
        let mut merged = Self {
            queue,
            forwarded: Vec::with_capacity(partitions.len()),
            partition: -1,
            taken: vec![std::ptr::null_mut(); batch.max(1)],
            _consumer: consumer.clone(),
        };
        for &partition in partitions {
            let own = partition_queue(consumer, topic, partition)?;
            // SAFETY: two live queues of the same client.
            unsafe { rdsys::rd_kafka_queue_forward(own.as_ptr(), merged.queue.as_ptr()) };
            merged.forwarded.push(own);
        }
        Some(merged)
    }

    pub(crate) fn partition(&self) -> i32 {
        self.partition
    }

    /// Waits until `max` entries (at most the batch size) are queued or `timeout` has passed,
    /// takes what is queued by then, oldest first, and hands them to `visit`. Returns how many
    /// entries were taken: 0 when none came within the timeout.
    pub(crate) fn poll(&mut self, timeout: Duration, max: usize, mut visit: impl FnMut(Entry<'_>)) -> usize {
        let taken = self.take(timeout, max);
        taken.entries().for_each(&mut visit);
        taken.len()
    }

    /// As [`Self::poll`], but the entries stay borrowed until what is returned is dropped.
    pub fn take(&mut self, timeout: Duration, max: usize) -> Taken<'_> {
        // librdkafka clears a partition queue's forwarding whenever it stops fetching the
        // partition (a rebalance, a group lost while the broker was down), and starting again
        // does not restore a forwarding the application set: the partition's records would
        // stay in its own queue. Forwarding it again is cheap and moves what it holds.
        for own in &self.forwarded {
            // SAFETY: two live queues of the same client.
            unsafe { rdsys::rd_kafka_queue_forward(own.as_ptr(), self.queue.as_ptr()) };
        }
        let room = max.min(self.taken.len());
        let timeout_ms = c_int::try_from(whole_millis(timeout)).unwrap_or(c_int::MAX);
        // SAFETY: librdkafka writes at most `room` message pointers into `taken`.
        let count = unsafe {
            rdsys::rd_kafka_consume_batch_queue(self.queue.as_ptr(), timeout_ms, self.taken.as_mut_ptr(), room)
        };
        // -1 only for a queue it does not know, which ours is not: read as nothing taken.
        let count = usize::try_from(count).unwrap_or(0).min(room);
        Taken { messages: &self.taken[..count] }
    }
}

/// `wait` in whole milliseconds, rounded up, as librdkafka takes waits: cut down instead,
/// a wait under a millisecond returns at once, and a caller looping until its deadline spins
/// through the fraction left.
pub(crate) fn whole_millis(wait: Duration) -> u64 {
    u64::try_from(wait.as_micros().div_ceil(1000)).unwrap_or(u64::MAX)
}

impl Taken<'_> {
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> impl Iterator<Item = Entry<'_>> + '_ {
        self.messages.iter().map(|&message| {
            // SAFETY: librdkafka handed over these messages, ours until `drop` destroys them;
            // their payload and key stay valid until then, and the entries borrow `self`.
            let m = unsafe { &*message };
            match m.err {
                RDKafkaRespErr::RD_KAFKA_RESP_ERR_NO_ERROR => Entry::Record(Record {
                    partition: m.partition,
                    offset: m.offset,
                    key: unsafe { bytes(m.key, m.key_len) },
                    value: unsafe { bytes(m.payload, m.len) },
                    timestamp_ms: timestamp_ms(message),
                }),
                RDKafkaRespErr::RD_KAFKA_RESP_ERR__PARTITION_EOF => Entry::End,
                error => Entry::Error(KafkaError::MessageConsumption(RDKafkaErrorCode::from(error))),
            }
        })
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        for &message in self.messages {
            // SAFETY: taken by `BatchQueue::take`, destroyed once, no longer borrowed.
            unsafe { rdsys::rd_kafka_message_destroy(message) };
        }
    }
}

/// The queue of `topic`/`partition` in `consumer`: a new reference, which the caller releases.
fn partition_queue<C: ConsumerContext + 'static>(
    consumer: &Arc<BaseConsumer<C>>,
    topic: &str,
    partition: i32,
) -> Option<NonNull<rdsys::rd_kafka_queue_t>> {
    let topic = CString::new(topic).ok()?;
    let client = consumer.client().native_client().ptr();
    // SAFETY: a live client and a NUL-terminated name.
    NonNull::new(unsafe { rdsys::rd_kafka_queue_get_partition(client, topic.as_ptr(), partition) })
}

/// A message's timestamp in milliseconds, `None` when it has none.
fn timestamp_ms(message: *mut rdsys::rd_kafka_message_t) -> Option<i64> {
    let mut kind = rdsys::rd_kafka_timestamp_type_t::RD_KAFKA_TIMESTAMP_NOT_AVAILABLE;
    // SAFETY: a live message; librdkafka writes the type into `kind`.
    let ms = unsafe { rdsys::rd_kafka_message_timestamp(message, &mut kind) };
    (kind != rdsys::rd_kafka_timestamp_type_t::RD_KAFKA_TIMESTAMP_NOT_AVAILABLE && ms >= 0).then_some(ms)
}

/// The `len` bytes at `data`, `None` for a null pointer.
///
/// # Safety
/// `data` is null or points to `len` bytes that stay valid and unchanged for `'a`.
unsafe fn bytes<'a>(data: *mut std::os::raw::c_void, len: usize) -> Option<&'a [u8]> {
    // SAFETY: as the caller promises.
    (!data.is_null()).then(|| unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) })
}

// SAFETY: librdkafka's queues may be used from any thread (rust-rdkafka's own queue handle
// is Send and Sync too); `taken` holds no message once a `Taken` is dropped, and every call
// that touches the queue or `taken` takes `&mut self`.
unsafe impl<C: ConsumerContext + 'static> Send for BatchQueue<C> {}
// SAFETY: as above: through `&self` nothing reads or writes the queue.
unsafe impl<C: ConsumerContext + 'static> Sync for BatchQueue<C> {}

impl<C: ConsumerContext + 'static> Drop for BatchQueue<C> {
    fn drop(&mut self) {
        // SAFETY: our references, released once, while the client is alive (`_consumer` is
        // dropped after this). The partitions' queues stop forwarding first.
        unsafe {
            for own in &self.forwarded {
                rdsys::rd_kafka_queue_forward(own.as_ptr(), std::ptr::null_mut());
                rdsys::rd_kafka_queue_destroy(own.as_ptr());
            }
            rdsys::rd_kafka_queue_destroy(self.queue.as_ptr());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::whole_millis;
    use std::time::Duration;

    #[test]
    fn waits_are_whole_milliseconds_rounded_up() {
        assert_eq!(whole_millis(Duration::ZERO), 0);
        assert_eq!(whole_millis(Duration::from_micros(300)), 1, "under a millisecond still waits");
        assert_eq!(whole_millis(Duration::from_millis(1)), 1);
        assert_eq!(whole_millis(Duration::from_micros(99_400)), 100);
        assert_eq!(whole_millis(Duration::MAX), u64::MAX);
    }
}
