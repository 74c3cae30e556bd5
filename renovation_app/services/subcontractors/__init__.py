"""Subcontractors: their details (company, contact, trade, NYC licence), their insurance
certificates (the newest of each kind in force; the office warned before one lapses; a payment
while one has lapsed confirmed in words) and their bills with the lien waivers."""

from renovation_app.services.subcontractors.certificates import (
    EXPIRING,
    IN_FORCE,
    LAPSED,
    NONE,
    CertificateFile,
    CertificateStatus,
    CertificateUpload,
    certificate_file,
    certificate_status,
    lapse_words,
    upload_certificate,
)
from renovation_app.services.subcontractors.certificates import MAX_BYTES as MAX_CERTIFICATE_BYTES
from renovation_app.services.subcontractors.fields import (
    SubcontractorDetails,
    validate_subcontractor,
)
from renovation_app.services.subcontractors.listing import (
    STATUS_LABELS,
    SubcontractorListPage,
    SubcontractorRow,
    list_subcontractors,
)
from renovation_app.services.subcontractors.saving import (
    create_subcontractor,
    set_subcontractor_active,
    update_subcontractor,
)
from renovation_app.services.subcontractors.views import (
    CertificateRow,
    SubcontractorBill,
    SubcontractorView,
    certificate_file_path,
    get_subcontractor,
    subcontractor_bills,
)
from renovation_app.services.subcontractors.warnings import (
    ExpiringCertificate,
    expiring_certificates,
    warn_expiring_certificates,
)

__all__ = [
    "EXPIRING",
    "IN_FORCE",
    "LAPSED",
    "MAX_CERTIFICATE_BYTES",
    "NONE",
    "STATUS_LABELS",
    "CertificateFile",
    "CertificateRow",
    "CertificateStatus",
    "CertificateUpload",
    "ExpiringCertificate",
    "SubcontractorBill",
    "SubcontractorDetails",
    "SubcontractorListPage",
    "SubcontractorRow",
    "SubcontractorView",
    "certificate_file",
    "certificate_file_path",
    "certificate_status",
    "create_subcontractor",
    "expiring_certificates",
    "get_subcontractor",
    "lapse_words",
    "list_subcontractors",
    "set_subcontractor_active",
    "subcontractor_bills",
    "update_subcontractor",
    "upload_certificate",
    "validate_subcontractor",
    "warn_expiring_certificates",
]
