"""The schedule: appointments and the people on them (appointments.py), New York time
(times.py), the free windows a visitor may book (windows.py), a visit booked online
(booking.py), and calendars as files (calendars.py)."""
