//! A partition's own queue in a consumer, read many records per call through librdkafka's C
//! API (`rd_kafka_consume_batch_queue`).
//!
//! rust-rdkafka's `PartitionQueue::poll` hands over one record per call, and each call reads
//! the clock twice (rust-rdkafka's timeout, then librdkafka's) besides taking the queue's
//! lock: 5–7% of `ftrl train --from-topic`'s CPU. One call here takes up to a whole round of
//! records. This is the only code of the project that calls librdkafka directly.

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
}

/// What a queue holds: records, the end of the partition (`enable.partition.eof`), errors.
#[derive(Debug)]
pub enum Entry<'a> {
    Record(Record<'a>),
    End,
    Error(KafkaError),
}

/// The queue of one partition, split from its consumer's queue so that only this queue
/// receives the partition's records.
pub struct BatchQueue<C: ConsumerContext + 'static> {
    queue: NonNull<rdsys::rd_kafka_queue_t>,
    partition: i32,
    /// Room for the messages of one call.
    taken: Vec<*mut rdsys::rd_kafka_message_t>,
    /// The queue belongs to this consumer's client, which must outlive it.
    _consumer: Arc<BaseConsumer<C>>,
}

impl<C: ConsumerContext + 'static> BatchQueue<C> {
    /// The queue of `topic`/`partition` in `consumer`, split from the consumer's queue
    /// (as rust-rdkafka's `split_partition_queue` does), holding up to `batch` records per
    /// call. Split before the partition is assigned, so that no record reaches the
    /// consumer's queue first. `None` when the topic name has a NUL byte or librdkafka
    /// gives no queue.
    pub fn split(consumer: &Arc<BaseConsumer<C>>, topic: &str, partition: i32, batch: usize) -> Option<Self> {
        let topic = CString::new(topic).ok()?;
        let client = consumer.client().native_client().ptr();
        // SAFETY: a live client and a NUL-terminated name; the queue returned is a new
        // reference, released in `drop`.
        let queue = NonNull::new(unsafe { rdsys::rd_kafka_queue_get_partition(client, topic.as_ptr(), partition) })?;
        // SAFETY: a live queue; forwarding to nothing detaches it from the consumer's queue.
        unsafe { rdsys::rd_kafka_queue_forward(queue.as_ptr(), std::ptr::null_mut()) };
        Some(Self { queue, partition, taken: vec![std::ptr::null_mut(); batch.max(1)], _consumer: consumer.clone() })
    }

    pub fn partition(&self) -> i32 {
        self.partition
    }

    /// Waits up to `timeout` for the queue to hold anything, takes up to `max` entries (at
    /// most the batch size), oldest first, and hands them to `visit`. Returns how many
    /// entries were taken: 0 when none came within the timeout.
    pub fn poll(&mut self, timeout: Duration, max: usize, mut visit: impl FnMut(Entry<'_>)) -> usize {
        let room = max.min(self.taken.len());
        let timeout_ms = c_int::try_from(timeout.as_millis()).unwrap_or(c_int::MAX);
        // SAFETY: librdkafka writes at most `room` message pointers into `taken`.
        let count = unsafe {
            rdsys::rd_kafka_consume_batch_queue(self.queue.as_ptr(), timeout_ms, self.taken.as_mut_ptr(), room)
        };
        // -1 only for a queue it does not know, which ours is not: read as nothing taken.
        let count = usize::try_from(count).unwrap_or(0).min(room);
        for &message in &self.taken[..count] {
            // SAFETY: librdkafka handed over `count` valid messages, ours until destroyed;
            // their payload and key stay valid until then, and `visit` cannot keep them.
            let m = unsafe { &*message };
            let entry = match m.err {
                RDKafkaRespErr::RD_KAFKA_RESP_ERR_NO_ERROR => Entry::Record(Record {
                    partition: self.partition,
                    offset: m.offset,
                    key: unsafe { bytes(m.key, m.key_len) },
                    value: unsafe { bytes(m.payload, m.len) },
                }),
                RDKafkaRespErr::RD_KAFKA_RESP_ERR__PARTITION_EOF => Entry::End,
                error => Entry::Error(KafkaError::MessageConsumption(RDKafkaErrorCode::from(error))),
            };
            visit(entry);
            // SAFETY: taken above and no longer borrowed.
            unsafe { rdsys::rd_kafka_message_destroy(message) };
        }
        count
    }
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
// is Send and Sync too); `taken` holds no message between calls, and every call that touches
// the queue or `taken` takes `&mut self`.
unsafe impl<C: ConsumerContext + 'static> Send for BatchQueue<C> {}
// SAFETY: as above: through `&self` nothing reads or writes the queue.
unsafe impl<C: ConsumerContext + 'static> Sync for BatchQueue<C> {}

impl<C: ConsumerContext + 'static> Drop for BatchQueue<C> {
    fn drop(&mut self) {
        // SAFETY: our reference, released once, while the client is alive (`_consumer` is
        // dropped after this).
        unsafe { rdsys::rd_kafka_queue_destroy(self.queue.as_ptr()) };
    }
}
