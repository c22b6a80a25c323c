import Modal from 'react-bootstrap/Modal';

const FILE_VIDEO = /\.(mp4|webm|ogg)(\?|#|$)/i;

/** Intro video in a dialog (Escape and the close button close it; focus stays inside). */
export function VideoModal({ url, show, onHide }: { url: string; show: boolean; onHide: () => void }) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="lg"
      centered
      aria-labelledby="video-title"
      contentClassName="overflow-hidden"
    >
      <Modal.Header closeButton closeLabel="Schließen">
        <Modal.Title id="video-title">Die Prämienbörse im Video</Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        <div className="ratio ratio-16x9">
          {FILE_VIDEO.test(url) ? (
            <video src={url} controls autoPlay preload="metadata">
              Ihr Browser kann dieses Video nicht abspielen.
            </video>
          ) : (
            <iframe
              src={url}
              title="Vorstellungsvideo der Prämienbörse"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </div>
      </Modal.Body>
    </Modal>
  );
}
