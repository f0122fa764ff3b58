// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A fixed-denomination deposit pool in the shape of a coin mixer, so the devnet has
/// wallets that dealt with a mixer (Safescan's tests and its first-run example). No
/// zero-knowledge proof: a withdrawal names the note's secret, whose hash was deposited.
contract MixerPool {
    uint256 public immutable denomination;
    mapping(bytes32 => bool) public commitments;
    mapping(bytes32 => bool) public spent;

    event Deposit(bytes32 indexed commitment, uint256 timestamp);
    event Withdrawal(address indexed to, bytes32 nullifier);

    constructor(uint256 denomination_) {
        denomination = denomination_;
    }

    function deposit(bytes32 commitment) external payable {
        require(msg.value == denomination, "wrong amount");
        require(!commitments[commitment], "commitment used");
        commitments[commitment] = true;
        emit Deposit(commitment, block.timestamp);
    }

    function withdraw(bytes32 secret, address payable to) external {
        bytes32 commitment = keccak256(abi.encodePacked(secret));
        require(commitments[commitment], "unknown note");
        require(!spent[commitment], "note spent");
        spent[commitment] = true;
        emit Withdrawal(to, commitment);
        (bool ok, ) = to.call{value: denomination}("");
        require(ok, "payout failed");
    }
}
