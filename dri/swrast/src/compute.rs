//! Compute dispatches (ABI 27, ARB_compute_shader): every workgroup of
//! a dispatch, one after the other, on the calling thread.
//!
//! A workgroup's invocations run [`LANES`] at a time, each group of
//! lanes a fiber of the interpreter with its own registers
//! ([`oxgl_exec::Program::run_fiber`]): a fiber runs until it ends or
//! stops at `barrier()`, and the workgroup's fibers take turns until all
//! have ended, so every invocation reaches a barrier before any goes on
//! past it. The workgroup's `shared` variables are one block of atomic
//! words in the engine's shared slot, zeroed for each workgroup.

use std::sync::atomic::AtomicU32;

use oxgl_exec::{Env, Fiber, Regs, TextureHost};

use crate::program::Program;
use crate::raster::LANES;

/// Invocations in a workgroup at most (`GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS`).
pub const MAX_INVOCATIONS: u32 = 1024;

impl Program {
    /// Runs compute program `self` for `groups` workgroups with its
    /// default uniform block `uniforms`, `textures` (samplers and images)
    /// and buffer slots `buffers`. A workgroup larger than
    /// [`MAX_INVOCATIONS`] runs nothing.
    pub fn dispatch(
        &self,
        uniforms: &[u8],
        textures: &dyn TextureHost<LANES>,
        buffers: &[&[AtomicU32]],
        groups: [u32; 3],
    ) {
        let [sx, sy, sz] = self.local_size;
        let total = u64::from(sx) * u64::from(sy) * u64::from(sz);
        if total == 0 || total > u64::from(MAX_INVOCATIONS) {
            return;
        }
        let total = total as usize;
        let fibers = total.div_ceil(LANES);
        let shared_words = (self.exec().info().shared_bytes / 4) as usize;
        let shared: Vec<AtomicU32> = (0..shared_words).map(|_| AtomicU32::new(0)).collect();
        let mut slots: Vec<&[AtomicU32]> = buffers.to_vec();
        if shared_words > 0 {
            if slots.len() <= oxgl_exec::SHARED_SLOT {
                slots.resize(oxgl_exec::SHARED_SLOT + 1, &[]);
            }
            slots[oxgl_exec::SHARED_SLOT] = &shared;
        }
        let mut regs: Vec<Regs<LANES>> = (0..fibers).map(|_| self.exec().new_regs()).collect();
        let mut state: Vec<(Fiber, bool)> = vec![(Fiber::default(), false); fibers];
        let mut outputs: Vec<[f32; LANES]> = Vec::new();
        for wz in 0..groups[2] {
            for wy in 0..groups[1] {
                for wx in 0..groups[0] {
                    for w in &shared {
                        w.store(0, std::sync::atomic::Ordering::Relaxed);
                    }
                    state.fill((Fiber::default(), false));
                    while state.iter().any(|(_, done)| !done) {
                        for (f, ((fiber, done), regs)) in
                            state.iter_mut().zip(regs.iter_mut()).enumerate()
                        {
                            if *done {
                                continue;
                            }
                            let mut env = Env::new(&[], &mut outputs, uniforms, textures);
                            env.buffers = &slots;
                            env.workgroup_id = [wx, wy, wz];
                            env.num_workgroups = groups;
                            env.workgroup_size = self.local_size;
                            let first = f * LANES;
                            let mut mask = 0u32;
                            for l in 0..LANES {
                                let i = first + l;
                                if i < total {
                                    mask |= 1 << l;
                                }
                                let i = i as u32;
                                env.local_id[0][l] = i % sx;
                                env.local_id[1][l] = (i / sx) % sy;
                                env.local_id[2][l] = i / (sx * sy);
                            }
                            env.mask = mask;
                            // A runaway loop ends the fiber.
                            *done = self.exec().run_fiber(regs, &mut env, fiber).unwrap_or(true);
                        }
                    }
                }
            }
        }
    }
}
