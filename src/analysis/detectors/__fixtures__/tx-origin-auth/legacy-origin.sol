pragma solidity ^0.4.24;

contract LegacyOrigin {
    address owner;
    mapping(address => bool) operators;
    uint256 value;

    function LegacyOrigin() public {
        owner = msg.sender;
    }

    modifier onlyOrigin() {
        if (tx.origin != owner) throw; // @expect tx-origin-auth
        _;
    }

    // Compared with a parameter: the caller chooses the account that must have signed.
    function withdrawAll(address _recipient, address owner_) public {
        require(tx.origin == owner_); // @expect tx-origin-auth
        _recipient.transfer(this.balance);
    }

    function setByOperator(uint256 v) public {
        if (operators[tx.origin]) { // @expect tx-origin-auth
            value = v;
        }
    }

    function set(uint256 v) public onlyOrigin {
        value = v;
    }

    // Logging the signer is not authorisation.
    function note() public view returns (address) {
        return tx.origin;
    }
}
