"""The XML namespaces urdfsdf writes and recognises, in one place.

- ``urdf`` (:data:`URDF_NS`): URDF content carried inside SDF as custom
  elements (``<urdf:transmission>``, ``<urdf:as_written>``, ``urdf:name``...).
- ``sdf`` (:data:`SDF_NS`): SDF content carried inside URDF (``<sdf:frame>``,
  ``<sdf:limit>``, ``<sdf:default_inertial/>``, ``<sdf:submesh>``), which urdfdom ignores.
- :data:`KNOWN_PREFIXES`: prefixes that real files use without declaring them
  (libsdformat and urdfdom read them as plain names); urdfsdf declares them
  with the URI their tools use.

``U`` and ``S`` are the Clark-notation prefixes (``{uri}``) of the first two,
the form lxml and the IR's :class:`~urdfsdf.core.ir.Extra` tags use.
"""

from __future__ import annotations

URDF_NS = "http://wiki.ros.org/urdf"
URDF_PREFIX = "urdf"
U = "{" + URDF_NS + "}"

SDF_NS = "http://sdformat.org/urdfsdf"
SDF_PREFIX = "sdf"
S = "{" + SDF_NS + "}"
#: ``<sdf:frame>`` and its ``<sdf:pose>`` in a URDF link (:class:`~urdfsdf.core.ir.FrameLink`)
SDF_FRAME = S + "frame"
SDF_POSE = S + "pose"
#: ``<sdf:submesh>`` in a URDF ``<mesh>``: the SDF //mesh/submesh it stands for
#: (:attr:`~urdfsdf.core.ir.Geometry.submesh`; written by ``sdf2urdf --lossy``)
SDF_SUBMESH = S + "submesh"
#: ``<urdf:robot>``: the attributes of a URDF ``<robot>`` that URDF does not define
ROBOT_ATTRIBUTES = U + "robot"
#: ``<urdf:as_written>`` (:class:`~urdfsdf.core.ir.AsWritten`)
AS_WRITTEN = U + "as_written"
#: ``<sdf:limit>`` (:class:`~urdfsdf.core.ir.SdfLimit`)
SDF_LIMIT = S + "limit"
#: ``<urdf:root link>`` (:class:`~urdfsdf.core.ir.UrdfRoot`)
URDF_ROOT = U + "root"
#: ``<urdf:implied_world/>``: the URDF's joints name a ``world`` parent it does not define
#: (translate/carriers.py)
IMPLIED_WORLD = U + "implied_world"

#: ``xmlns:urdf="..."`` as written in a start tag
URDF_XMLNS = f' xmlns:{URDF_PREFIX}="{URDF_NS}"'
#: ``xmlns:sdf="..."`` as written in a start tag
SDF_XMLNS = f' xmlns:{SDF_PREFIX}="{SDF_NS}"'

#: ``drake`` (:data:`DRAKE_NS`): Drake's extensions of both formats (``<drake:mimic>``,
#: ``<drake:proximity_properties>``...), which Drake reads in URDF and SDF alike
DRAKE_NS = "http://drake.mit.edu"
DRAKE_PREFIX = "drake"
D = "{" + DRAKE_NS + "}"
#: ``<drake:diffuse_map>`` in an SDF ``<material>``: its texture, as Drake reads it
DRAKE_DIFFUSE_MAP = D + "diffuse_map"
#: ``xmlns:drake="..."`` as written in a start tag
DRAKE_XMLNS = f' xmlns:{DRAKE_PREFIX}="{DRAKE_NS}"'

KNOWN_PREFIXES = {"gz": "http://gazebosim.org/schema",
                  "ignition": "http://ignitionrobotics.org/schema",
                  DRAKE_PREFIX: DRAKE_NS, "xacro": "http://www.ros.org/wiki/xacro"}

#: ``experimental:`` (SDFormat's experimental elements: ``//include/experimental:params``,
#: parameter passing), matched by prefix as libsdformat does, or by this URI
EXPERIMENTAL_NS = "http://sdformat.org/schemas/experimental"
EXPERIMENTAL_PREFIX = "experimental"
