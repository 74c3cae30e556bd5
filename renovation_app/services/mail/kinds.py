"""Every kind of e-mail the site sends, and what a message can be about."""

from enum import StrEnum


class EmailKind(StrEnum):
    """One template pair (`<kind>.html`, `<kind>.txt` with the subject block) in
    renovation_app/templates/ each, built into a message by mail.build_email."""

    ENQUIRY_NOTIFICATION = "enquiry_notification"  # a new enquiry, to the office
    ENQUIRY_ACK = "enquiry_ack"  # "we got your message", to the visitor
    INVOICE = "invoice"  # the invoice with its PDF and pay link, to the customer
    RECEIPT = "receipt"  # a card payment's receipt with its PDF, to the customer
    PAYMENT_NOTICE = "payment_notice"  # a card payment came in, to the office
    STAFF_NOTICE = "staff_notice"  # something on an invoice staff must look at
    ESTIMATE = "estimate"  # the estimate with its PDF and link, to the customer
    ESTIMATE_SIGNED = "estimate_signed"  # the signed contract, to the customer and the office
    ESTIMATE_NOTICE = "estimate_notice"  # declined or cancelled, to the office
    REMINDER = "reminder"  # a payment reminder with the balance and the pay link, to the customer
    ESTIMATE_REMINDER = "estimate_reminder"  # the estimate expires soon, to the customer
    STAFF_INVITATION = "staff_invitation"  # a one-time link to make a staff account
    PASSWORD_RESET = "password_reset"  # a one-time link to set a new password
    CHANGE_ORDER = "change_order"  # a change order and its link, to the owner
    CHANGE_ORDER_SIGNED = "change_order_signed"  # the signed PDF, to the owner and the office
    CHANGE_ORDER_NOTICE = "change_order_notice"  # declined, to the office
    LIEN_WAIVER = "lien_waiver"  # a paid bill's lien waiver and its link, to the subcontractor
    APPOINTMENT_NOTICE = "appointment_notice"  # "we arrive tomorrow between...", to the customer
    VISIT_BOOKED = "visit_booked"  # an estimate visit booked online, with its .ics, to the visitor
    PROJECT_LINK = "project_link"  # the customer's project page link, to one of their contacts
    ESCROW_NOTICE = "escrow_notice"  # where the owner's deposits are held, to the owner
    # The owner's signed ST-124, to a subcontractor of the job
    CERTIFICATE_COPY = "certificate_copy"
    # An escrow or lien deadline comes, to the office
    COMPLIANCE_NOTICE = "compliance_notice"
    REVIEW_REQUEST = "review_request"  # after the final payment, when not asked by text
    CERTIFICATE_NOTICE = (
        "certificate_notice"  # a subcontractor's insurance lapses soon, to the office
    )


# Reminders are withdrawn from the outbox when they are no longer true (paid, void, paused; an
# appointment moved or cancelled).
REMINDER_KINDS = (EmailKind.REMINDER, EmailKind.ESTIMATE_REMINDER, EmailKind.APPOINTMENT_NOTICE)


class About(StrEnum):
    """What an outbox row is about (with the row's id), for the pages that list its e-mails."""

    ENQUIRY = "enquiry"
    INVOICE = "invoice"
    ESTIMATE = "estimate"
    JOB = "job"  # a change order's and a lien waiver's e-mails (the job's id)
    APPOINTMENT = "appointment"  # a booked visit's or an appointment's e-mails
    SUBCONTRACTOR = "subcontractor"  # a certificate's warning (the subcontractor's id)
    STAFF_LINK = "staff_link"  # a staff invitation or password reset (the link's id)
