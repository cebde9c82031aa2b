//! Queries: samples passed, primitives generated and written, pipeline statistics, elapsed
//! time and timestamps.
//!
//! A Vulkan query cannot outlive its command buffer, while a GL query may span any number of
//! batches and renderings. So a counting query is a list of Vulkan query slots, one per stretch
//! of rendering it was active in (opened when rendering begins, closed when the batch is
//! submitted or the query ends), and its result is their sum. Vulkan also forbids two active
//! queries of one type, while GL allows GL_SAMPLES_PASSED and GL_ANY_SAMPLES_PASSED at once:
//! active queries that count the same thing share each slot, and beginning or ending one of
//! them closes the shared slot so the next rendering opens a fresh one.

use crate::command::CommandStream;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use ash::vk;
use std::sync::{Arc, Mutex};

/// What a query measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// Samples that pass the depth and stencil tests.
    SamplesPassed,
    /// Primitives reaching vertex stream `stream` (after geometry shading, before clipping).
    PrimitivesGenerated { stream: u32 },
    /// Primitives written to the transform feedback buffers of vertex stream `stream`.
    PrimitivesWritten { stream: u32 },
    /// Nanoseconds between the query's beginning and its end on the device.
    TimeElapsed,
    /// One counter of the pipeline: vertices, primitives or shader invocations.
    PipelineStatistic(PipelineStatistic),
    /// The primitives an emulated geometry shader emitted: the input-assembly primitives
    /// of the draws of its output, the only work that counts toward it
    /// ([`QueryCounting::emulated_geometry`]).
    EmulatedGeometryPrimitives,
}

/// Which active queries the work recorded from now on counts toward. An emulated stage
/// splits one GL draw into passes, and each GL counter belongs to one of them: the input
/// vertices to the vertex pass, the fragments to the final draw, nothing to the compute
/// passes in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryCounting {
    /// Queries other than pipeline statistics: samples, primitives, elapsed time.
    pub other_kinds: bool,
    /// Pipeline-statistics counters, a bit per [`PipelineStatistic`] (`1 << s as u32`).
    pub statistics: u32,
    /// [`QueryKind::EmulatedGeometryPrimitives`].
    pub emulated_geometry: bool,
}

impl QueryCounting {
    /// Everything GL counts: the work of a GL draw or dispatch.
    pub const ALL: QueryCounting = QueryCounting { other_kinds: true, statistics: ALL_STATISTICS.as_raw(), emulated_geometry: false };
    /// Nothing: work that stands in for no part of a GL draw.
    pub const NONE: QueryCounting = QueryCounting { other_kinds: false, statistics: 0, emulated_geometry: false };

    /// The bits of `counters`.
    pub fn bits(counters: &[PipelineStatistic]) -> u32 {
        counters.iter().fold(0, |bits, &c| bits | 1 << c as u32)
    }

    fn counts(self, kind: QueryKind) -> bool {
        match kind {
            QueryKind::PipelineStatistic(s) => self.statistics & 1 << s as u32 != 0,
            QueryKind::EmulatedGeometryPrimitives => self.emulated_geometry,
            _ => self.other_kinds,
        }
    }
}

/// The counters of a pipeline-statistics query, in the order Vulkan returns them
/// (VkQueryPipelineStatisticFlagBits, lowest bit first): the value is the bit's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipelineStatistic {
    InputAssemblyVertices,
    InputAssemblyPrimitives,
    VertexShaderInvocations,
    GeometryShaderInvocations,
    GeometryShaderPrimitives,
    ClippingInvocations,
    ClippingPrimitives,
    FragmentShaderInvocations,
    TessellationControlShaderPatches,
    TessellationEvaluationShaderInvocations,
    ComputeShaderInvocations,
}

/// Every counter a statistics slot records: GL may count several at once, and Vulkan allows
/// one active query of a type, so all of them share one slot that counts everything.
const ALL_STATISTICS: vk::QueryPipelineStatisticFlags = vk::QueryPipelineStatisticFlags::from_raw(0x7ff);

/// Values one statistics slot returns, one per bit of [`ALL_STATISTICS`].
const STATISTICS_VALUES: usize = 11;

/// The Vulkan query a counting kind records into, and which of its values is the result.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SlotKind {
    ty: vk::QueryType,
    /// The vertex stream of an indexed query type.
    index: u32,
    /// Values one query of the type returns.
    values: usize,
}

/// Which of its slot's values is a query's result.
fn wanted_value(kind: QueryKind) -> usize {
    match kind {
        QueryKind::PipelineStatistic(s) => s as usize,
        QueryKind::EmulatedGeometryPrimitives => PipelineStatistic::InputAssemblyPrimitives as usize,
        _ => 0,
    }
}

impl SlotKind {
    fn of(kind: QueryKind, device: &Device) -> Result<SlotKind> {
        let f = &device.info().features;
        Ok(match kind {
            QueryKind::SamplesPassed => SlotKind { ty: vk::QueryType::OCCLUSION, index: 0, values: 1 },
            QueryKind::PrimitivesGenerated { stream } => {
                if !f.primitives_generated_query {
                    return Err(Error::MissingFeature("primitives generated queries"));
                }
                SlotKind { ty: vk::QueryType::PRIMITIVES_GENERATED_EXT, index: stream, values: 1 }
            }
            QueryKind::PrimitivesWritten { stream } => {
                if !f.transform_feedback {
                    return Err(Error::MissingFeature("transform feedback queries"));
                }
                // The stream query returns (primitives written, primitives needed).
                SlotKind { ty: vk::QueryType::TRANSFORM_FEEDBACK_STREAM_EXT, index: stream, values: 2 }
            }
            QueryKind::TimeElapsed => SlotKind { ty: vk::QueryType::TIMESTAMP, index: 0, values: 1 },
            QueryKind::PipelineStatistic(_) | QueryKind::EmulatedGeometryPrimitives => {
                if !f.pipeline_statistics_query {
                    return Err(Error::MissingFeature("pipeline statistics queries"));
                }
                SlotKind { ty: vk::QueryType::PIPELINE_STATISTICS, index: 0, values: STATISTICS_VALUES }
            }
        })
    }
}

/// Slots per Vulkan query pool.
const POOL_SIZE: u32 = 64;

/// One Vulkan query pool and which of its slots are free.
pub(crate) struct QueryPool {
    id: u64,
    device: Arc<Device>,
    raw: vk::QueryPool,
    ty: vk::QueryType,
    free: Mutex<Vec<u32>>,
}

impl Drop for QueryPool {
    fn drop(&mut self) {
        // SAFETY: the last reference is gone; batches hold their pools while they run.
        unsafe { self.device.raw.destroy_query_pool(self.raw, None) };
    }
}

/// One query slot, returned to its pool when dropped. Reuse is safe without waiting: the
/// slot is reset by a command recorded after every earlier use, on the same queue.
pub(crate) struct QuerySlot {
    pool: Arc<QueryPool>,
    index: u32,
}

impl Drop for QuerySlot {
    fn drop(&mut self) {
        if let Ok(mut free) = self.pool.free.lock() {
            free.push(self.index);
        }
    }
}

/// Handle to a query between its beginning and end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryId(u64);

/// A query that has ended: its result can be read once the device has run it.
pub struct Query {
    kind: QueryKind,
    slots: Vec<Arc<QuerySlot>>,
    /// The batch that recorded the end; it must be submitted before the result can come.
    end_batch: u64,
    /// For timestamps: nanoseconds per tick.
    period_ns: f64,
}

impl std::fmt::Debug for Query {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Query({:?}, {} slots)", self.kind, self.slots.len())
    }
}

impl Query {
    /// What the query measured.
    pub fn kind(&self) -> QueryKind {
        self.kind
    }
}

struct ActiveQuery {
    id: u64,
    kind: QueryKind,
    slot_kind: SlotKind,
    slots: Vec<Arc<QuerySlot>>,
    /// Whether its last slot is begun in the current batch and not yet ended.
    open: bool,
}

/// The queries of one command stream.
#[derive(Default)]
pub(crate) struct QueryState {
    pools: Vec<Arc<QueryPool>>,
    active: Vec<ActiveQuery>,
    next_id: u64,
    /// Which queries renderings and dispatches begun now open
    /// ([`CommandStream::set_query_counting`]).
    counting: QueryCounting,
}

impl Default for QueryCounting {
    fn default() -> QueryCounting {
        QueryCounting::ALL
    }
}

impl CommandStream {
    /// A free slot of a pool of type `ty`, reset in the current batch (outside rendering).
    fn allocate_slot(&mut self, ty: vk::QueryType) -> Result<Arc<QuerySlot>> {
        let found = self
            .queries
            .pools
            .iter()
            .filter(|p| p.ty == ty)
            .find_map(|p| p.free.lock().ok().and_then(|mut f| f.pop()).map(|i| (p.clone(), i)));
        let (pool, index) = match found {
            Some(f) => f,
            None => {
                let mut info = vk::QueryPoolCreateInfo::default().query_type(ty).query_count(POOL_SIZE);
                if ty == vk::QueryType::PIPELINE_STATISTICS {
                    info = info.pipeline_statistics(ALL_STATISTICS);
                }
                // SAFETY: a valid create info; the query type's feature is enabled (SlotKind::of).
                let raw = unsafe { self.device.raw.create_query_pool(&info, None) }.map_err(vk_err("vkCreateQueryPool"))?;
                let pool = Arc::new(QueryPool {
                    id: self.device.next_id(),
                    device: self.device.clone(),
                    raw,
                    ty,
                    free: Mutex::new((1..POOL_SIZE).rev().collect()),
                });
                self.queries.pools.push(pool.clone());
                (pool, 0)
            }
        };
        let cmd = self.cmd()?;
        let keep = pool.clone();
        self.batch()?.keep(pool.id, || keep);
        // SAFETY: cmd is recording outside rendering (callers end it first); the slot is in
        // range and not part of an active query.
        unsafe { self.device.raw.cmd_reset_query_pool(cmd, pool.raw, index, 1) };
        Ok(Arc::new(QuerySlot { pool, index }))
    }

    fn write_timestamp_slot(&mut self) -> Result<Arc<QuerySlot>> {
        self.end_rendering()?;
        let slot = self.allocate_slot(vk::QueryType::TIMESTAMP)?;
        let cmd = self.cmd()?;
        // SAFETY: the slot was reset just above in this command buffer.
        unsafe { self.device.raw.cmd_write_timestamp2(cmd, vk::PipelineStageFlags2::ALL_COMMANDS, slot.pool.raw, slot.index) };
        Ok(slot)
    }

    fn current_batch_id(&self) -> Option<u64> {
        self.batch_id()
    }

    /// Begins a query. Counting starts with the next rendering.
    pub fn begin_query(&mut self, kind: QueryKind) -> Result<QueryId> {
        let slot_kind = SlotKind::of(kind, &self.device)?;
        let mut slots = Vec::new();
        if kind == QueryKind::TimeElapsed {
            slots.push(self.write_timestamp_slot()?);
        } else {
            // Draws already recorded in the open rendering must not count: the next draw begins
            // a new rendering, which opens the query. A shared slot closes for the same reason.
            self.end_rendering()?;
            self.close_queries(Some(slot_kind))?;
        }
        self.queries.next_id += 1;
        let id = self.queries.next_id;
        self.queries.active.push(ActiveQuery { id, kind, slot_kind, slots, open: false });
        Ok(QueryId(id))
    }

    /// Ends a query begun by [`CommandStream::begin_query`].
    pub fn end_query(&mut self, id: QueryId) -> Result<Query> {
        let position = self
            .queries
            .active
            .iter()
            .position(|q| q.id == id.0)
            .ok_or_else(|| Error::InvalidArgument("the query is not active".into()))?;
        let kind = self.queries.active[position].kind;
        if kind == QueryKind::TimeElapsed {
            let end = self.write_timestamp_slot()?;
            self.queries.active[position].slots.push(end);
        } else if self.queries.active[position].open {
            self.end_rendering()?;
            let slot_kind = self.queries.active[position].slot_kind;
            self.close_queries(Some(slot_kind))?;
        }
        let active = self.queries.active.remove(self.queries.active.iter().position(|q| q.id == id.0).expect("found above"));
        Ok(Query {
            kind,
            slots: active.slots,
            end_batch: self.current_batch_id().unwrap_or(u64::MAX),
            period_ns: f64::from(self.device.info().limits.timestamp_period_ns),
        })
    }

    /// Records a timestamp after all earlier work (glQueryCounter): its result is the time in
    /// nanoseconds.
    pub fn write_timestamp(&mut self) -> Result<Query> {
        let slot = self.write_timestamp_slot()?;
        Ok(Query {
            kind: QueryKind::TimeElapsed,
            slots: vec![slot],
            end_batch: self.current_batch_id().unwrap_or(u64::MAX),
            period_ns: f64::from(self.device.info().limits.timestamp_period_ns),
        })
    }

    /// The device's current time in nanoseconds, once the work recorded so far has run.
    pub fn timestamp_now(&mut self) -> Result<u64> {
        let query = self.write_timestamp()?;
        Ok(self.query_result(&query, true)?.unwrap_or(0))
    }

    /// Whether the draws recorded from now on count toward the active queries: work that
    /// stands in for part of a GL draw (an emulated stage's own pass) does not.
    pub fn set_queries_counting(&mut self, counting: bool) -> Result<()> {
        self.set_query_counting(if counting { QueryCounting::ALL } else { QueryCounting::NONE })
    }

    /// Which active queries the work recorded from now on counts toward. Each change ends
    /// the open rendering and closes every open slot, so a rendering counts all its draws
    /// or none and the next one opens slots for the queries that count.
    pub fn set_query_counting(&mut self, counting: QueryCounting) -> Result<()> {
        if self.queries.counting == counting {
            return Ok(());
        }
        self.end_rendering()?;
        self.close_queries(None)?;
        self.queries.counting = counting;
        Ok(())
    }

    /// Opens every active counting query not yet counting in this batch; called just before a
    /// rendering or a dispatch begins.
    pub(crate) fn open_queries(&mut self) -> Result<()> {
        let counting = self.queries.counting;
        let mut i = 0;
        while i < self.queries.active.len() {
            let q = &self.queries.active[i];
            if q.open || q.kind == QueryKind::TimeElapsed || !counting.counts(q.kind) {
                i += 1;
                continue;
            }
            let sk = q.slot_kind;
            let slot = self.allocate_slot(sk.ty)?;
            let cmd = self.cmd()?;
            let flags = if sk.ty == vk::QueryType::OCCLUSION && self.device.info().features.occlusion_query_precise {
                vk::QueryControlFlags::PRECISE
            } else {
                vk::QueryControlFlags::empty()
            };
            if sk.index == 0 {
                // SAFETY: outside rendering, the slot was just reset, and no other query of its
                // type is active (queries of one type share their slot).
                unsafe { self.device.raw.cmd_begin_query(cmd, slot.pool.raw, slot.index, flags) };
            } else {
                let xfb = self.device.ext.transform_feedback.as_ref().ok_or(Error::MissingFeature("indexed queries"))?;
                // SAFETY: as above; the stream index is below maxTransformFeedbackStreams
                // (checked by the front end).
                unsafe { (xfb.fp().cmd_begin_query_indexed_ext)(cmd, slot.pool.raw, slot.index, flags, sk.index) };
            }
            // Queries of the slot's kind that do not count now stay closed; the next change
            // of what counts closes this slot for the others.
            for q in self.queries.active.iter_mut().filter(|q| q.slot_kind == sk && q.kind != QueryKind::TimeElapsed && counting.counts(q.kind)) {
                q.slots.push(slot.clone());
                q.open = true;
            }
            i += 1;
        }
        Ok(())
    }

    /// Ends the open slots of active queries (of one kind, or all); called outside rendering.
    pub(crate) fn close_queries(&mut self, only: Option<SlotKind>) -> Result<()> {
        let mut i = 0;
        while i < self.queries.active.len() {
            let q = &self.queries.active[i];
            if !q.open || only.is_some_and(|k| k != q.slot_kind) {
                i += 1;
                continue;
            }
            let sk = q.slot_kind;
            let slot = q.slots.last().expect("an open query has a slot").clone();
            let cmd = self.cmd()?;
            if sk.index == 0 {
                // SAFETY: the query was begun in this command buffer, outside rendering.
                unsafe { self.device.raw.cmd_end_query(cmd, slot.pool.raw, slot.index) };
            } else {
                let xfb = self.device.ext.transform_feedback.as_ref().ok_or(Error::MissingFeature("indexed queries"))?;
                // SAFETY: as above, with the index it was begun with.
                unsafe { (xfb.fp().cmd_end_query_indexed_ext)(cmd, slot.pool.raw, slot.index, sk.index) };
            }
            for q in self.queries.active.iter_mut().filter(|q| q.slot_kind == sk) {
                q.open = false;
            }
            i += 1;
        }
        Ok(())
    }

    /// The result of an ended query: `None` while it is not available and `wait` is false.
    /// Work the query depends on is submitted first, as GL's result queries imply a flush.
    pub fn query_result(&mut self, query: &Query, wait: bool) -> Result<Option<u64>> {
        if self.current_batch_id() == Some(query.end_batch) {
            self.submit(&[], &[])?;
        }
        let sk = SlotKind::of(query.kind, &self.device)?;
        let mut values = Vec::with_capacity(query.slots.len());
        for slot in &query.slots {
            // One query's values (and its availability) in one element.
            let mut data = [[0u64; STATISTICS_VALUES + 1]; 1];
            let n = sk.values;
            let flags = vk::QueryResultFlags::TYPE_64
                | if wait { vk::QueryResultFlags::WAIT } else { vk::QueryResultFlags::WITH_AVAILABILITY };
            // SAFETY: the slot was reset, begun and ended by submitted work; `data` has room for
            // the query's values and its availability.
            let r = unsafe { self.device.raw.get_query_pool_results(slot.pool.raw, slot.index, &mut data, flags) };
            match r {
                Ok(()) => {}
                Err(vk::Result::NOT_READY) => return Ok(None),
                Err(e) => return Err(vk_err("vkGetQueryPoolResults")(e)),
            }
            if !wait && data[0][n] == 0 {
                return Ok(None);
            }
            values.push(data[0][wanted_value(query.kind)]);
        }
        Ok(Some(match query.kind {
            QueryKind::TimeElapsed if values.len() == 2 => (values[1].wrapping_sub(values[0]) as f64 * query.period_ns) as u64,
            QueryKind::TimeElapsed => (values.first().copied().unwrap_or(0) as f64 * query.period_ns) as u64,
            _ => values.iter().fold(0u64, |a, v| a.wrapping_add(*v)),
        }))
    }
}
