//! GL 4.0's texture queries as extensions (tests/clients/texture_gather.c,
//! which also passes on Mesa llvmpipe): ARB_texture_gather's limits,
//! textureGather of a 2D texture (footprint order, wrapping, the swizzle
//! choosing the component) and textureGatherOffset;
//! ARB_texture_query_levels from a base level; ARB_texture_query_lod
//! minified and magnified; ARB_texture_barrier between passes that read
//! the texture they draw into.

use oxgl_tests::assert_client_passes;

#[test]
fn gather_and_texture_queries() {
    assert_client_passes("texture_gather", &[]);
}
