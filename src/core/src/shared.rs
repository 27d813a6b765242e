//! A share group: the objects contexts created with a share context have in
//! common (GL 4.6 §5.1). Each namespace has its own lock; a command takes it
//! for the duration of the command only.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::buffer::Buffers;
use crate::compat::dlist::DisplayLists;
use crate::program::ShaderObjects;
use crate::sync::Syncs;
use crate::texture::Textures;

/// Objects shared between contexts.
#[derive(Debug, Default)]
pub struct Shared {
    buffers: Mutex<Buffers>,
    lists: Mutex<DisplayLists>,
    textures: Mutex<Textures>,
    programs: Mutex<ShaderObjects>,
    syncs: Mutex<Syncs>,
}

impl Shared {
    /// A new, empty share group.
    pub fn new() -> Arc<Shared> {
        Arc::new(Shared::default())
    }

    /// The texture namespace, locked.
    pub fn textures(&self) -> MutexGuard<'_, Textures> {
        self.textures.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The display-list namespace, locked.
    pub fn lists(&self) -> MutexGuard<'_, DisplayLists> {
        self.lists.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The shader and program namespace, locked.
    pub fn programs(&self) -> MutexGuard<'_, ShaderObjects> {
        self.programs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The buffer namespace, locked.
    pub fn buffers(&self) -> MutexGuard<'_, Buffers> {
        self.buffers.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The sync objects, locked.
    pub fn syncs(&self) -> MutexGuard<'_, Syncs> {
        self.syncs.lock().unwrap_or_else(|p| p.into_inner())
    }
}
